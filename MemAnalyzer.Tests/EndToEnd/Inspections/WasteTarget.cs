using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>LeakyApp in "waste" mode, one dump of it and its -inspections rows; the process stays up for the live-pid test.</summary>
public sealed class WasteTarget : IDisposable
{
    private readonly TempDirectory _directory = new();
    private readonly Lazy<IReadOnlyList<InspectionRow>> _rows;

    public WasteTarget()
    {
        Process = TargetProcess.Start("LeakyApp", ExpectedCounts.WasteMode);
        DumpPath = Process.WriteDump(_directory.File("waste.dmp"));
        _rows = new(() => InspectionRow.Run("-f", DumpPath));
    }

    public TargetProcess Process { get; }

    public string DumpPath { get; }

    /// <summary>The findings of the dump with the default thresholds, run once.</summary>
    public IReadOnlyList<InspectionRow> Rows => _rows.Value;

    public void Dispose()
    {
        Process.Dispose();
        _directory.Dispose();
    }
}
