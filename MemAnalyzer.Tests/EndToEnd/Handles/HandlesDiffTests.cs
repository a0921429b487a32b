using MemAnalyzer.Tests.Infrastructure;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Handles;

/// <summary>-handles with -f2: the pinned-handle leak of "morepins" leads the diff, exactly; CSV and JSON carry the same rows.</summary>
[Collection(HandlesTargetCollection.Name)]
public sealed class HandlesDiffTests(HandlesTarget target)
{
    [Fact]
    public void ADiffAcrossMorepinsLeadsWithTheThreeThousandNewPinnedHandlesToByteArrays()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-handles");
        Assert.True(result.ExitCode == 0, result.ToString());
        var lines = result.StandardOutput.Split('\n');
        Assert.Equal($"+{HandlesMorePinned:N0} Pinned handles to {HandlesPinnedType} (+{HandlesMorePinned * HandlesPinnedArraySize:N0} Bytes)", lines[1]);
        // Nothing else was allocated a handle between the dumps.
        Assert.DoesNotContain(lines, l => l.Contains(HandlesStrongType, StringComparison.Ordinal) || l.Contains(HandlesWeakType, StringComparison.Ordinal));
    }

    [Fact]
    public void TheDiffCsvHasBothSidesAndTheChangeOfEachGroup()
    {
        var path = target.File("diff.csv");
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-handles", "-o", path, "-overwrite");
        Assert.True(result.ExitCode == 0, result.ToString());
        var row = CsvFile.Read(path).Rows.Single(r => r["Kind"] == "Pinned" && r["Type"] == HandlesPinnedType);
        Assert.Equal((HandlesPinned, HandlesPinned + HandlesMorePinned, HandlesMorePinned, HandlesMorePinned * HandlesPinnedArraySize),
            (CsvFile.Number(row, "Handles"), CsvFile.Number(row, "Handles2"), CsvFile.Number(row, "DeltaHandles"), CsvFile.Number(row, "DeltaBytes(Bytes)")));
    }

    [Fact]
    public void TheJsonReportHasTheHandleRowsInTheDocumentedSchema()
    {
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-handles", "-format", "json");
        Assert.True(result.ExitCode == 0, result.ToString());
        var document = JsonReportText.Parse(result.StandardOutput);
        Assert.Equal("handles", document.RootElement.GetProperty("mode").GetString());
        var pinned = document.RootElement.GetProperty("targets")[0].GetProperty("handles").EnumerateArray()
            .Single(r => r.GetProperty("kind").GetString() == "Pinned" && r.GetProperty("type").GetString() == HandlesPinnedType);
        Assert.Equal(HandlesPinned, pinned.GetProperty("handles").GetInt64());
    }
}
