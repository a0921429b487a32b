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
            error.WriteLine($"warning: -bindir: {file} was not used, it is another build than the dump's image ({reason})");
        }
        if (images.Missing.Count > 0)
        {
            error.WriteLine($"warning: -bindir: {images.Missing.Count:N0} {(images.Missing.Count == 1 ? "file the dump maps but does not hold was" : "files the dump maps but does not hold were")} not found in the -bindir folders: {Names(images.Missing.Select(Path.GetFileName).OfType<string>().ToList())}");
        }
        if (silent)
        {
            return;
        }
        foreach (var folder in images.Served.GroupBy(s => Path.GetDirectoryName(s.LocalFile) ?? "", StringComparer.Ordinal))
        {
            var count = folder.Count();
            error.WriteLine($"note: -bindir: {count:N0} {(count == 1 ? "image the dump lacks was" : "images the dump lacks were")} read from {folder.Key}: {Names([.. folder.Select(s => $"{s.Image} ({s.Match})")])}");
        }
    }

    private static string Names(List<string> names) =>
        string.Join(", ", names.Take(NamesShown)) + (names.Count > NamesShown ? $" and {names.Count - NamesShown:N0} more" : "");
}
