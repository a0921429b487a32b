namespace MemAnalyzer.Heap;

/// <summary>
/// The most memory the live graph's arrays may take (-maxmemory, or what the machine has free when the graph is about
/// to be built), and where that number came from, for the message of a refusal.
/// </summary>
/// <param name="Bytes">The budget in bytes.</param>
/// <param name="Source">Whose number it is, as a refusal names it after the size: "that -maxmemory allows", or "this machine has free".</param>
/// <param name="Given">True for -maxmemory, false for the free memory measured by default.</param>
public sealed record GraphMemoryBudget(long Bytes, string Source, bool Given);
