using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The lines about -bindir: which images the dump lacked were served from where, which local files were refused, which images are still missing.</summary>
internal static class ImageNotes
{
    private const int NamesShown = 12;

    /// <param name="namesMissing">Whether the walk left types without a name: only then did a file the dump lacks matter, and only then are the missing files named.</param>
    public static void Write(TextWriter error, ImageReport images, bool namesMissing, bool silent)
    {
        foreach (var (file, reason) in images.Refused)
        {
            error.WriteLine($"warning: {Origin(images, file)}: {file} was not used, it is another build than the dump's image ({reason})");
        }
        var missing = images.Missing.Where(m => !SystemLibrary.Is(m)).Select(Path.GetFileName).OfType<string>().ToList();
        if (namesMissing && missing.Count > 0)
        {
            var searched = images.BinaryDirectoriesGiven ? (images.CollectionFolders.Count > 0 ? "the -bindir folders and the DAC collection" : "the -bindir folders") : "the DAC collection (pass -bindir with the app's folder)";
            error.WriteLine($"warning: -bindir: {missing.Count:N0} {(missing.Count == 1 ? "file the dump maps but does not hold was" : "files the dump maps but does not hold were")} not found in {searched}: {Names(missing)}; " +
                "without them types have no name and -live and -dead miss the roots on thread stacks");
        }
        if (silent)
        {
            return;
        }
        foreach (var folder in images.Served.GroupBy(s => Path.GetDirectoryName(s.LocalFile) ?? "", StringComparer.Ordinal))
        {
            var count = folder.Count();
            error.WriteLine($"note: {Origin(images, folder.First().LocalFile)}: {count:N0} {(count == 1 ? "image the dump lacks was" : "images the dump lacks were")} read from {folder.Key}: {Names([.. folder.Select(s => $"{s.Image} ({s.Match})")])}");
        }
    }

    /// <summary>Where a local file was found: a -bindir folder, or the DAC collection's copy of the runtime's binaries.</summary>
    private static string Origin(ImageReport images, string localFile) => images.FromCollection(localFile) ? "DAC collection" : "-bindir";

    private static string Names(List<string> names) =>
        string.Join(", ", names.Take(NamesShown)) + (names.Count > NamesShown ? $" and {names.Count - NamesShown:N0} more" : "");
}
