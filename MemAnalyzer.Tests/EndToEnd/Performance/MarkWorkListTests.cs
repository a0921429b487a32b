using System.Globalization;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Performance;

/// <summary>A walkthrough dump whose one List&lt;DataInstance&gt; has a backing array of a million references.</summary>
public sealed class HugeListDump() : WalkthroughDump(Elements, "hugelist.dmp")
{
    public const int Elements = 1_000_000;
}

public sealed partial class MarkWorkListTests(HugeListDump dump) : IClassFixture<HugeListDump>
{
    /// <summary>Elements of a large array the mark visits per slice (Heap/ArraySlices.SliceLength).</summary>
    private const int SliceLength = 8192;

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void TheMarksWorkListsStayWithinAFewSlicesForAListOfAMillionReferencesAndEveryElementIsLive(int threads)
    {
        var result = MemAnalyzerCli.Run(["-f", dump.DumpPath, "-dts", "5", "-type", "DataInstance", "-live", "-verbose", "-silent"],
            new Dictionary<string, string?> { ["MEMANALYZER_WALK_THREADS"] = threads.ToString(CultureInfo.InvariantCulture) });

        Assert.True(result.ExitCode == 0, result.ToString());
        var note = NotePattern().Match(result.StandardError);
        Assert.True(note.Success, result.StandardError);
        var entries = long.Parse(note.Groups[1].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        var bytes = long.Parse(note.Groups[2].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture);
        // At least one slice was pending (the million references did go through the work list) ...
        Assert.InRange(entries, SliceLength, threads * 2L * SliceLength);
        // ... in arrays of at most twice that many addresses, not the 8 MB a pushed million would take.
        Assert.InRange(bytes, entries * 8, threads * 4L * SliceLength * 8);
        // Every slice marked its own elements: all million DataInstance objects are live.
        Assert.Equal(HugeListDump.Elements, TableOutput.Parse(result.StandardOutput)["MemAnalyzer.TestTargets.LeakyApp.DataInstance"].Count);
    }

    [Fact]
    public void WithoutVerboseThereIsNoWorkListNote()
    {
        var result = MemAnalyzerCli.Run("-f", dump.DumpPath, "-dts", "1", "-live", "-silent");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("work lists", result.StandardError, StringComparison.Ordinal);
    }

    [GeneratedRegex(@"^note: the live mark's work lists peaked at ([0-9,]+) entries \(([0-9,]+) bytes\)$", RegexOptions.Multiline)]
    private static partial Regex NotePattern();
}
