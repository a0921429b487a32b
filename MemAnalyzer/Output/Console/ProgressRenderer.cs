using System.Globalization;
using MemAnalyzer.Heap;

namespace MemAnalyzer.Output;

/// <summary>
/// One self-rewriting line on an interactive terminal: percent of heap bytes walked and the rate. Quiet for the first
/// second (short walks show nothing) and redrawn at most five times a second; erased by the walk's "done" report.
/// </summary>
public sealed class ProgressRenderer(TextWriter terminal) : IProgress<HeapWalkProgress>
{
    private static readonly TimeSpan QuietFor = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan RedrawEvery = TimeSpan.FromMilliseconds(200);
    private readonly object _lock = new();
    private TimeSpan? _lastDrawn;
    private WalkPhase? _phase;
    private TimeSpan _phaseStarted;
    private int _width;

    public void Report(HeapWalkProgress value)
    {
        if (value.Phase == WalkPhase.Done)
        {
            Erase();
            return;
        }
        lock (_lock)
        {
            if (_phase != value.Phase)
            {
                // Rates are per phase: the count walk restarts from zero objects after the mark. The phase starts at
                // its first report, quiet or not (walks report a phase's start with zero objects).
                _phase = value.Phase;
                _phaseStarted = value.Elapsed;
            }
            if (value.Elapsed < QuietFor)
            {
                return;
            }
            if (_lastDrawn is TimeSpan last && value.Elapsed - last < RedrawEvery)
            {
                return;
            }
            _lastDrawn = value.Elapsed;
            var rate = value.Objects / Math.Max((value.Elapsed - _phaseStarted).TotalSeconds, 0.001) / 1e6;
            var text = value.Phase switch
            {
                WalkPhase.Marking => string.Create(CultureInfo.InvariantCulture, $"marking live objects: {value.Objects / 1e6:F1} M objects, {rate:F1} M objects/s"),
                WalkPhase.Strings => string.Create(CultureInfo.InvariantCulture,
                    $"grouping strings: pass {value.Pass} of {value.Passes}, {100.0 * value.BytesDone / Math.Max(value.BytesTotal, 1):F0}% of {value.BytesTotal / 1048576.0:F0} MB"),
                _ => string.Create(CultureInfo.InvariantCulture,
                    $"walking heap: {100.0 * value.BytesDone / Math.Max(value.BytesTotal, 1):F0}% of {value.BytesTotal / 1048576.0:F0} MB, {value.Objects / 1e6:F1} M objects, {rate:F1} M objects/s"),
            };
            terminal.Write('\r' + text.PadRight(_width));
            _width = text.Length;
            terminal.Flush();
        }
    }

    private void Erase()
    {
        lock (_lock)
        {
            if (_width > 0)
            {
                terminal.Write('\r' + new string(' ', _width) + '\r');
                terminal.Flush();
                _width = 0;
            }
        }
    }
}
