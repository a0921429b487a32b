using System.Globalization;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>
/// The Native AOT MemAnalyzer that scripts/install.sh publishes and installs (once per test run, see
/// <see cref="NativeBinary"/>), run from its prefix: the same exact numbers as the JIT build, on dumps and live processes.
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class NativeBinaryTests(RootsScenario scenario) : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [InlineData(ObjectSet.All, "")]
    [InlineData(ObjectSet.Live, "-live")]
    public void TheNativeHistogramOfTheDumpHasEveryPlantedTypesExactCountAndBytes(ObjectSet selection, string selectionSwitch)
    {
        string[] arguments = ["-f", scenario.DumpPath, "-dtn", "100000"];
        var result = NativeBinary.Run(selectionSwitch.Length == 0 ? arguments : [.. arguments, selectionSwitch]);

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), selection);
    }

    [Fact]
    public void TheInstalledNativeBinaryIsLinkedAtAFixedAddressForItsStartUp()
    {
        // ELF e_type at offset 16: 2 is an executable at a fixed address, 3 a position-independent one (relocated at
        // every start; docs/performance.md, start-up). The default install must be the former.
        var header = new byte[18];
        using (var file = File.OpenRead(Path.Combine(NativeBinary.LibraryDirectory, "MemAnalyzer")))
        {
            file.ReadExactly(header);
        }
        Assert.Equal((byte)0x7f, header[0]);
        Assert.Equal(2, BitConverter.ToUInt16(header, 16));
    }

    [Fact]
    public void TheNativeBinaryCountsALiveProcessExactlyAndLeavesItRunning()
    {
        var result = NativeBinary.Run("-pid", Pid(scenario.Target), "-dtn", "100000");

        Assert.True(result.ExitCode == 0, result.ToString());
        PlantedObjects.AssertRows(TableOutput.Parse(result.StandardOutput), ObjectSet.All);
        ParentKill.AssertRunning(scenario.Target);
    }

    [Fact]
    public void TheNativeBinaryAppendsASecondBlockToItsCsvWithTheSameExactCounts()
    {
        var csv = _directory.File("tracked.csv");

        var first = NativeBinary.Run("-f", scenario.DumpPath, "-o", csv, "-context", "first");
        var second = NativeBinary.Run("-f", scenario.DumpPath, "-o", csv, "-context", "second");

        Assert.True(first.ExitCode == 0 && second.ExitCode == 0, first + "\n" + second);
        Assert.Contains(", appended to its contents", second.StandardError, StringComparison.Ordinal);
        var file = CsvFile.Read(csv);
        foreach (var planted in PlantedObjects.All)
        {
            var rows = file.Rows.Where(r => r["Type"] == planted.TypeName).ToList();
            Assert.Equal(["first", "second"], rows.Select(r => r["Context"]));
            Assert.All(rows, r => Assert.Equal(planted.Count, CsvFile.Number(r, "Instances(Count)")));
        }
    }

    [Fact]
    public void TheNativeBinaryForcesAFullGcInALiveProcess()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var fullGcsBefore = FullGcCount(target);

        var result = NativeBinary.Run("-gc", Pid(target));

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(FullGcCount(target) > fullGcsBefore, $"the target ran no full GC during -gc\n{result}");
        Assert.Matches($@"note: process {target.Pid} \(LeakyApp\): full blocking GC ended after \d+ ms", result.StandardError);
    }

    [Fact]
    public void KillingTheNativeMemAnalyzerEndsItsNativeChildResumesTheTargetAndAppendsNothing()
    {
        // 6 M objects: the native walk takes a few hundred milliseconds, so a kill 20 ms in lands mid-walk.
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", "3000000", "--threads", "1000");
        var csv = _directory.File("tracked.csv");
        Assert.Equal(0, NativeBinary.Run("-f", scenario.DumpPath, "-o", csv).ExitCode);
        var before = File.ReadAllBytes(csv);
        var executable = Path.Combine(NativeBinary.LibraryDirectory, "MemAnalyzer");

        // At once (while the child attaches to the target's 1000 threads), then in the middle of the walk.
        foreach (var delay in new[] { 0, 0, 0, 20 })
        {
            var child = ParentKill.KillMidWalk(NativeBinary.Start, target, csv, TimeSpan.FromMilliseconds(delay));

            Assert.Equal(executable, child.Executable);
            ParentKill.AssertEnds(child);
            ParentKill.AssertRunning(target);
        }
        Assert.Equal(before, File.ReadAllBytes(csv));
    }

    private static int FullGcCount(TargetProcess target) =>
        int.Parse(target.Send("gccount", "GCCOUNT ")["GCCOUNT ".Length..], CultureInfo.InvariantCulture);

    private static string Pid(TargetProcess target) => target.Pid.ToString(CultureInfo.InvariantCulture);
}
