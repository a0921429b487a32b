using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// LeakyApp in "waste" mode dumped three times, with "morewaste" between the dumps (every waste grows by the same
/// copy); the process ends once the dumps are written. The CLI runs the tests read are made once, when first read.
/// </summary>
public sealed class WasteGrowthTarget : IDisposable
{
    private readonly TempDirectory _directory = new();
    private readonly Lazy<ProcessResult> _diff;
    private readonly Lazy<string> _diffCsv;
    private readonly Lazy<ProcessResult> _trend;

    public WasteGrowthTarget()
    {
        using (var process = TargetProcess.Start("LeakyApp", ExpectedCounts.WasteMode))
        {
            var dumps = new List<string>();
            for (var i = 1; i <= 3; i++)
            {
                dumps.Add(process.WriteDump(_directory.File($"waste{i}.dmp")));
                if (i < 3)
                {
                    process.Send(ExpectedCounts.WasteMoreCommand, ExpectedCounts.WasteMoreAck);
                }
            }
            DumpPaths = dumps;
        }
        _diff = new(() => MemAnalyzerCli.Run("-f", DumpPaths[0], "-f2", DumpPaths[1], "-inspections"));
        _diffCsv = new(() => Written(_directory.File("diff.csv"), "-f", DumpPaths[0], "-f2", DumpPaths[1], "-inspections"));
        _trend = new(() =>
        {
            var csv = _directory.File("trend.csv");
            for (var i = 0; i < DumpPaths.Count; i++)
            {
                Written(csv, "-f", DumpPaths[i], "-inspections", "-context", $"run {i + 1}", "-silent");
            }
            return MemAnalyzerCli.Run("-trend", csv);
        });
    }

    /// <summary>The dumps as planted, after one "morewaste" and after two.</summary>
    public IReadOnlyList<string> DumpPaths { get; }

    /// <summary>-inspections of the first dump against the second (console).</summary>
    public ProcessResult Diff => _diff.Value;

    /// <summary>The same diff written with -o to a CSV file: its path.</summary>
    public string DiffCsv => _diffCsv.Value;

    /// <summary>-trend of the CSV that -inspections -o of the three dumps appended to, each run with its -context.</summary>
    public ProcessResult Trend => _trend.Value;

    public void Dispose() => _directory.Dispose();

    private static string Written(string csv, params string[] arguments)
    {
        var result = MemAnalyzerCli.Run([.. arguments, "-o", csv]);
        Assert.True(result.ExitCode == 0, result.ToString());
        return csv;
    }
}
