namespace MemAnalyzer.GcDump;

/// <summary>
/// What a .gcdump file holds, in compact arrays indexed by node number (no object per node): dotnet-gcdump's heap
/// graph, whose nodes are the objects of the heap plus the pseudo-nodes of the root tree, and what the file says about
/// sampling. Node sizes and references are decoded from <see cref="Blob"/> on demand (<see cref="GcDumpNodes"/>).
/// </summary>
/// <param name="TotalBytes">The sum of the object nodes' sizes, as the file states it ("GC Heap bytes").</param>
/// <param name="RootNode">The node every root hangs from ("[.NET Roots]").</param>
/// <param name="NodeLabels">Per node, the offset of its record in <see cref="Blob"/>.</param>
/// <param name="Addresses">Per node, the object's address; 0 for a pseudo-node.</param>
/// <param name="CountMultiplier">Sampled count × this = the heap's count; 1 when nothing was sampled.</param>
/// <param name="SizeMultiplier">Sampled bytes × this = the heap's bytes; 1 when nothing was sampled.</param>
/// <param name="CountMultipliersByType">Per type, the scale of a sampled count; empty when nothing was sampled.</param>
/// <param name="CreationTool">The tool that wrote the file ("dotnet-gcdump"), when it says.</param>
public sealed record GcDumpFile(long TotalBytes, int RootNode, GcDumpType[] Types, int[] NodeLabels, byte[] Blob, ulong[] Addresses,
    bool Is64Bit, float CountMultiplier, float SizeMultiplier, float[] CountMultipliersByType, string? CreationTool)
{
    public int NodeCount => NodeLabels.Length;

    /// <summary>True when the writer kept only a sample of the heap's objects.</summary>
    public bool Sampled => CountMultiplier != 1 || SizeMultiplier != 1 || CountMultipliersByType.Any(m => m != 1);

    /// <summary>
    /// The runtime version of the process, read from the path of System.Private.CoreLib (…/Microsoft.NETCore.App/10.0.12/…),
    /// or null where the path does not say.
    /// </summary>
    public string? RuntimeVersion => Types.Select(t => t.Module).OfType<string>()
        .Where(m => m.EndsWith("System.Private.CoreLib.dll", StringComparison.Ordinal))
        .Select(m => Path.GetFileName(Path.GetDirectoryName(m)))
        .FirstOrDefault(v => v is { Length: > 0 } && char.IsAsciiDigit(v[0]));
}
