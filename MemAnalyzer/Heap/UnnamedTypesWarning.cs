namespace MemAnalyzer.Heap;

/// <summary>
/// The walk's warning that types have no name (the dump lacks the memory mapped from files): the one sign that the
/// analysis missed something a file the dump does not hold would have given, so the -bindir lines follow it.
/// </summary>
public static class UnnamedTypesWarning
{
    private const string Mark = " types have no name (rows ";

    public static string Text(int unnamed, int types) =>
        $"{unnamed:N0} of {types:N0}{Mark}{HeapStatisticsCollector.UnknownTypePrefix}…>): the dump lacks the memory mapped from files, " +
        "where the assemblies' metadata and code lie (gcore and kernel core dumps leave it out). The counts per type are exact, but -live and -dead " +
        "miss the roots on thread stacks; pass -bindir with the app's and the runtime's folders, or take the dump with MemAnalyzer -procdump, createdump, or dotnet-dump collect";

    public static bool Is(string warning) => warning.Contains(Mark, StringComparison.Ordinal);
}
