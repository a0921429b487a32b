using System.Globalization;
using System.Reflection;
using System.Text.Json;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>
/// The answer of a -suspects, kept beside the dump's index (<see cref="ILiveGraphIndex.StartKept"/>: same folder,
/// limit, identity and hash checks): the live type table with the graph's warnings, and the suspects with their
/// accumulation points, judged root paths and subtree types. A second -suspects of the same dump with the same
/// options, by the same build, prints it and reads no graph: no per-object array, no dominator children, no subtree.
/// </summary>
public sealed record KeptSuspects(HeapSnapshot Snapshot, SuspectReport Report)
{
    private const string What = "leak suspects";

    /// <summary>The views that read the kept suspects, for the note that keeps them.</summary>
    private const string Readers = "-suspects with the same options";

    /// <summary>One kept file per dump and options (count, percent, top types), so that two -suspects of one dump do not replace each other's.</summary>
    private static string Kind(SuspectOptions options) =>
        string.Create(CultureInfo.InvariantCulture, $"suspects-{options.Count}-{options.Percent:R}-{options.TopTypes}").Replace('.', 'p');

    /// <summary>This build: suspects kept by another build (whose finder or verdicts may differ) are found anew.</summary>
    private static readonly string Format =
        $"suspects 1 {typeof(KeptSuspects).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion}";

    /// <summary>The suspects kept for this dump and these options, or null (none, stale, damaged: see <see cref="ILiveGraphIndex.TryReadKept"/>).</summary>
    public static KeptSuspects? TryRead(ILiveGraphIndex? index, HeapSource source, SuspectOptions options, CancellationToken cancellation)
    {
        if (index?.TryReadKept(source, Kind(options), Format, What, cancellation) is not { } path)
        {
            return null;
        }
        try
        {
            using var file = File.OpenRead(path);
            var kept = JsonSerializer.Deserialize(file, KeptSuspectsJson.Default.KeptSuspects);
            // The library pattern is not kept: it follows from the path as it did when the suspects were found.
            return kept is null ? null : kept with
            {
                Report = kept.Report with { Suspects = [.. kept.Report.Suspects.Select(s => s with { Pattern = Verdicts.LibraryPatterns.Of(s.Path) })] },
            };
        }
        catch (Exception e) when (e is JsonException or IOException or NotSupportedException)
        {
            return null;
        }
    }

    /// <summary>Keeps the suspects for the next -suspects of this dump with these options; never fails the analysis.</summary>
    public void Keep(ILiveGraphIndex? index, HeapSource source, SuspectOptions options)
    {
        using var writer = index?.StartKept(source, Kind(options), Format, What, Readers);
        if (writer is null)
        {
            return;
        }
        try
        {
            using (var file = File.Create(writer.Path))
            {
                JsonSerializer.Serialize(file, this, KeptSuspectsJson.Default.KeptSuspects);
            }
            writer.Keep();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A full or unwritable cache folder: the answer is printed as it is, only not kept (the writer removes what is staged).
        }
    }
}
