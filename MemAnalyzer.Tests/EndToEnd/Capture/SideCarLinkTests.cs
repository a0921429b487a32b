using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Capture;

/// <summary>A dump shared by linking it into another folder keeps its side-cars at home: they are found beside the link's target.</summary>
public sealed class SideCarLinkTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ADumpOpenedThroughASymbolicLinkReadsTheMemoryMapAndMetadataBesideTheLinksTarget()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var pid = target.Pid.ToString(CultureInfo.InvariantCulture);
        var home = Directory.CreateDirectory(_directory.File("home")).FullName;
        var shared = Directory.CreateDirectory(_directory.File("shared")).FullName;
        var captured = MemAnalyzerCli.Run("-procdump", "-mp", pid, Path.Combine(home, "app.dmp"));
        Assert.True(captured.ExitCode == 0, captured.ToString());
        var dump = Path.Combine(home, "app.dmp");
        Assert.True(File.Exists(dump + ".smaps") && File.Exists(dump + ".metadata.json"), captured.ToString());
        // A relative link, as `ln -s ../home/app.dmp` makes it: the target is found from the link's folder.
        var link = Path.Combine(shared, "link.dmp");
        File.CreateSymbolicLink(link, Path.Combine("..", "home", "app.dmp"));
        var csv = _directory.File("linked.csv");

        var result = MemAnalyzerCli.Run("-f", link, "-vmmap", "-o", csv, "-dts", "1", "-silent");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.DoesNotContain("approximations", result.StandardError, StringComparison.Ordinal);
        var rows = CsvFile.Read(csv).Rows;
        // Resident_ rows come only from a .smaps side-car; the ProcessId only from the metadata side-car.
        Assert.Contains(rows, r => r["Type"] == "Resident_Total" && CsvFile.Number(r, "AllocatedBytes") > 0);
        Assert.All(rows, r => Assert.Equal(pid, r["ProcessId"]));
        Assert.All(rows, r => Assert.Equal("link.dmp", r["Name"]));
    }
}
