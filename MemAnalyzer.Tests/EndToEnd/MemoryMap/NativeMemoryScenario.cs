using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.MemoryMap;

/// <summary>
/// One test target, measured with -vmmap before and after it allocates known native memory, mapped a file, made a memfd
/// and started a big-stack thread; then dumped with and without the smaps side-car.
/// </summary>
public sealed class NativeMemoryScenario : IDisposable
{
    private readonly TempDirectory _directory = new();

    public NativeMemoryScenario()
    {
        // Without tiered compilation there is no background JIT thread, whose 8 MiB stack would come and go between measurements.
        Target = TargetProcess.Start("LeakyApp", new Dictionary<string, string> { ["DOTNET_TieredCompilation"] = "0" }, "walkthrough");
        Before = Rows("-pid", Pid);
        Target.Send("native", ExpectedCounts.NativeAck);
        After = Rows("-pid", Pid);
        DumpWithSideCar = Target.WriteDump(_directory.File("native.dmp"));
        System.IO.File.Copy($"/proc/{Target.Pid}/smaps", DumpWithSideCar + ".smaps");
        DumpWithoutSideCar = Target.WriteDump(_directory.File("native-bare.dmp"));
    }

    public TargetProcess Target { get; }

    public string Pid => Target.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture);

    public IReadOnlyDictionary<string, TableRow> Before { get; }

    public IReadOnlyDictionary<string, TableRow> After { get; }

    public string DumpWithSideCar { get; }

    public string DumpWithoutSideCar { get; }

    public string File(string name) => _directory.File(name);

    public static IReadOnlyDictionary<string, TableRow> Rows(params string[] target)
    {
        var result = MemAnalyzerCli.Run([.. target, "-vmmap", "-dts", "1"]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return TableOutput.Parse(result.StandardOutput);
    }

    public void Dispose()
    {
        var mappedFile = Path.Combine(Path.GetTempPath(), $"memanalyzer-mapped-{Target.Pid}.bin");
        Target.Dispose();
        System.IO.File.Delete(mappedFile);
        _directory.Dispose();
    }
}
