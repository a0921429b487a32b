using MemAnalyzer.Tests.Infrastructure;
using Microsoft.Diagnostics.Runtime;
using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// -inspections' "disposed but reachable" on dumps of the "finished" mode: each finished kind of the table (a user type
/// with _disposed, closed FileStreams and their handles, disposed CancellationTokenSources, service scopes and
/// MemoryStreams, closed SafeHandles) with the numbers planted and those of a ClrMD read; open and released instances
/// of the same types are not counted; the CSV row, the diff row.
/// </summary>
[Collection(FinishedTargetCollection.Name)]
public sealed class FinishedObjectsTests(FinishedTarget target)
{
    private const string Finished = "disposed but reachable";
    private const string FileStreamField = "_strategy._strategy._fileHandle._state";

    [Fact]
    public void EveryFinishedObjectHeldByAStaticIsAFindingOfItsTypeWithItsExactCountBytesAndTheFieldThatSaysSo()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath);
        using var oracle = new FinishedOracle(target.BeforePath);

        Expect(rows, FinishedConnectionType, "_disposed = true", FinishedConnections, oracle.Of(FinishedConnectionType, FinishedOracle.Disposed));
        Assert.Equal(FinishedConnections * FinishedConnectionSize, InspectionRow.Single(rows, Finished, FinishedConnectionType).Bytes);
        Expect(rows, FinishedHandleType, "_state closed", FinishedHandles, oracle.Of(FinishedHandleType, FinishedOracle.Closed));
        Expect(rows, "System.Threading.CancellationTokenSource", "_disposed = true", FinishedTokenSources,
            oracle.Of("System.Threading.CancellationTokenSource", FinishedOracle.Disposed));
        Expect(rows, "Microsoft.Extensions.DependencyInjection.ServiceLookup.ServiceProviderEngineScope", "_disposed = true", FinishedScopes,
            oracle.Of("Microsoft.Extensions.DependencyInjection.ServiceLookup.ServiceProviderEngineScope", FinishedOracle.Disposed));
        Expect(rows, "System.IO.MemoryStream", "_isOpen = false", FinishedMemoryStreams, oracle.Of("System.IO.MemoryStream", s => !s.ReadField<bool>("_isOpen")));
        Expect(rows, "System.IO.FileStream", FileStreamField + " closed", FinishedFileStreams, oracle.Of("System.IO.FileStream", FileClosed));
        // A closed FileStream holds its closed SafeFileHandle: a finding of its own.
        Expect(rows, "Microsoft.Win32.SafeHandles.SafeFileHandle", "_state closed", FinishedFileStreams,
            oracle.Of("Microsoft.Win32.SafeHandles.SafeFileHandle", FinishedOracle.Closed));
    }

    [Fact]
    public void TheOpenInstancesOfAFinishedTypeAreNotCounted()
    {
        var rows = InspectionRow.Run("-f", target.BeforePath);
        using var oracle = new FinishedOracle(target.BeforePath);

        Assert.Equal(FinishedConnections + OpenConnections, oracle.Of(FinishedConnectionType, _ => true).Instances);
        Assert.Equal(FinishedConnections, InspectionRow.Single(rows, Finished, FinishedConnectionType).Count);
        Assert.Equal(FinishedHandles + OpenFinishedHandles, oracle.Of(FinishedHandleType, _ => true).Instances);
        Assert.Equal(FinishedHandles, InspectionRow.Single(rows, Finished, FinishedHandleType).Count);
    }

    [Fact]
    public void DisposedConnectionsThatWereReleasedAreNotCountedEvenBeforeACollection()
    {
        var rows = InspectionRow.Run("-f", target.AfterPath);
        using var oracle = new FinishedOracle(target.AfterPath);

        // The dump holds released, disposed connections not collected yet: only the ones still held are a finding.
        Assert.True(oracle.Of(FinishedConnectionType, FinishedOracle.Disposed).Finished > FinishedConnections + FinishedMoreConnections);
        Assert.Equal(FinishedConnections + FinishedMoreConnections, InspectionRow.Single(rows, Finished, FinishedConnectionType).Count);
    }

    [Fact]
    public void TheFindingIsACsvRowWithItsCountBytesFieldAndAnExampleThatObjectsOpens()
    {
        var csv = target.File("finished.csv");
        var run = MemAnalyzerCli.Run("-f", target.BeforePath, "-inspections", "-o", csv);

        Assert.True(run.ExitCode == 0, run.ToString());
        var row = CsvFile.Read(csv).Rows.Single(r => r["Inspection"] == Finished && r["Type"] == FinishedConnectionType);
        Assert.Equal((FinishedConnections, FinishedConnections * FinishedConnectionSize, "_disposed = true"),
            (CsvFile.Number(row, "Count"), CsvFile.Number(row, "Bytes(Bytes)"), row["Detail"]));
        var objects = MemAnalyzerCli.Run("-f", target.BeforePath, "-objects", row["Example"]);
        Assert.True(objects.ExitCode == 0, objects.ToString());
        Assert.Contains(FinishedConnectionType, objects.StandardOutput, StringComparison.Ordinal);
    }

    [Fact]
    public void ADiffAcrossMorefinishedGrowsTheFinishedConnectionsByExactlyTheNewOnes()
    {
        var csv = target.File("finished-diff.csv");
        var run = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-inspections", "-o", csv);

        Assert.True(run.ExitCode == 0, run.ToString());
        var row = CsvFile.Read(csv).Rows.Single(r => r["Inspection"] == Finished && r["Type"] == FinishedConnectionType);
        Assert.Equal((FinishedConnections, FinishedConnections + FinishedMoreConnections, FinishedMoreConnections, FinishedMoreConnections * FinishedConnectionSize),
            (CsvFile.Number(row, "Count"), CsvFile.Number(row, "Count2"), CsvFile.Number(row, "DeltaCount"), CsvFile.Number(row, "DeltaBytes(Bytes)")));
        // Nothing else of the scenario was finished in between.
        Assert.DoesNotContain(CsvFile.Read(csv).Rows, r => r["Inspection"] == Finished && r["Type"] == FinishedHandleType);
    }

    private static void Expect(IReadOnlyList<InspectionRow> rows, string type, string field, int planted, (int Instances, int Finished, long Bytes) oracle)
    {
        var row = InspectionRow.Single(rows, Finished, type);
        Assert.Equal((planted, planted, oracle.Bytes, field), (row.Count, oracle.Finished, row.Bytes, row.Detail));
    }

    private static bool FileClosed(ClrObject stream)
    {
        var handle = stream.ReadObjectField("_strategy").ReadObjectField("_strategy").ReadObjectField("_fileHandle");
        return FinishedOracle.Closed(handle);
    }
}
