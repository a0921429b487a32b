using MemAnalyzer.Heap;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Cli;

/// <summary>
/// The budget of the live graph's arrays (<see cref="WalkOptions.GraphBudget"/>): -maxmemory when given, else what the
/// machine has free when the graph is about to be built (<see cref="FreeMemory"/>).
/// </summary>
public static class GraphBudgets
{
    /// <param name="maxMemory">-maxmemory in bytes, or null.</param>
    public static Func<GraphMemoryBudget> Of(long? maxMemory) => maxMemory is { } given
        ? () => new GraphMemoryBudget(given, "that -maxmemory allows", Given: true)
        : () => new GraphMemoryBudget(FreeMemory.Bytes(), "this machine has free", Given: false);
}
