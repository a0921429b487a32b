using MemAnalyzer.Targets;

namespace MemAnalyzer.Commands;

/// <summary>The lines about -bindir: which images the dump lacked were served from where, which local files were refused, which images are still missing.</summary>
internal static class ImageNotes
{
    private const int NamesShown = 12;

    public static void Write(TextWriter error, ImageReport images, bool silent)
    {
        foreach (var (file, reason) in images.Refused)
        {
            error.WriteLine($"warning: {Origin(images, file)}: {file} was not used, it is another build than the dump's image ({reason})");
        }
        if (images.Missing.Count > 0 && (images.BinaryDirectoriesGiven || images.Served.Count > 0))
        {
            var searched = images.BinaryDirectoriesGiven ? (images.CollectionFolders.Count > 0 ? "the -bindir folders and the DAC collection" : "the -bindir folders") : "the DAC collection (pass -bindir with the app's folder)";
            error.WriteLine($"warning: -bindir: {images.Missing.Count:N0} {(images.Missing.Count == 1 ? "file the dump maps but does not hold was" : "files the dump maps but does not hold were")} not found in {searched}: {Names(images.Missing.Select(Path.GetFileName).OfType<string>().ToList())}");
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
