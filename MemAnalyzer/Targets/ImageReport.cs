namespace MemAnalyzer.Targets;

/// <summary>
/// What -bindir did for a dump that lacks the memory mapped from files: which images were served from which local
/// file, which local files were refused (another build), and which images are still missing.
/// </summary>
/// <param name="Served">Image file names with the local file that served them.</param>
/// <param name="Refused">A local file with the same name that is another build, and why.</param>
/// <param name="Missing">Paths (as the dump records them) of images no -bindir folder holds.</param>
public sealed record ImageReport(IReadOnlyList<(string Image, string LocalFile, string Match)> Served, IReadOnlyList<(string LocalFile, string Reason)> Refused, IReadOnlyList<string> Missing)
{
    public static ImageReport None { get; } = new([], [], []);

    /// <summary>The DAC collection's folders of the dump's runtime build that were searched after -bindir (see CollectedRuntimeFolders).</summary>
    public IReadOnlyList<string> CollectionFolders { get; init; } = [];

    /// <summary>Whether the user gave -bindir folders (else only the collection was searched).</summary>
    public bool BinaryDirectoriesGiven { get; init; } = true;

    public bool FromCollection(string localFile) => CollectionFolders.Contains(Path.GetDirectoryName(localFile) ?? "", StringComparer.Ordinal);
}
