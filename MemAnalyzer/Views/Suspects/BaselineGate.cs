using MemAnalyzer.Commands;
using MemAnalyzer.Analysis;
using MemAnalyzer.Output;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Views;

/// <summary>
/// -baseline's gate, after the report was written: every suspect whose signature the baseline does not know is a new
/// leak; each gets one line on stderr (signature, owner, retained bytes, root path), and the run fails with exit 63.
/// </summary>
public static class BaselineGate
{
    public static void Check(LeakBaseline? baseline, IReadOnlyList<LeakSuspect> suspects, TextWriter error, SizeUnit unit) =>
        Check(baseline, [.. suspects.Select(s => (s.Signature, Owner(s), s.Retained, s.Path))], error, unit);

    public static void Check(LeakBaseline? baseline, IReadOnlyList<SuspectGrowth> growth, TextWriter error, SizeUnit unit) =>
        Check(baseline, [.. growth.Select(g => (g.Second.Signature, Owner(g.Second), g.SecondRetained, g.Second.Path))], error, unit);

    private static void Check(LeakBaseline? baseline, IReadOnlyList<(string Signature, string Owner, long Retained, RootPath? Path)> suspects, TextWriter error, SizeUnit unit)
    {
        if (baseline is null)
        {
            return;
        }
        var fresh = suspects.Where(s => !baseline.Knows(s.Signature)).ToList();
        if (fresh.Count == 0)
        {
            return;
        }
        foreach (var (signature, owner, retained, path) in fresh)
        {
            error.WriteLine($"new leak {signature}: {owner} retains {SuspectRenderer.Bytes(retained, unit)}: {(path is null ? "(no root path)" : RootPathRenderer.Text(path))}");
        }
        throw new MemAnalyzerException(ExitCodes.NewLeakSuspect, fresh.Count == 1
            ? $"a leak suspect is not in the baseline '{baseline.File}' (signature {fresh[0].Signature}): fix the leak, or add its signature to the baseline if it is expected"
            : $"{fresh.Count} leak suspects are not in the baseline '{baseline.File}' (the lines above): fix the leaks, or add their signatures to the baseline if they are expected");
    }

    private static string Owner(LeakSuspect s) => s.IsGroup
        ? $"{NumberFormat.N(s.Instances)} instances of {s.TypeName}"
        : $"{s.TypeName} {SuspectTableRows.Address(s.Address)}";
}
