using System.Globalization;
using System.Text;
using MemAnalyzer.Views;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Testing;

/// <summary>The text of a failed assertion: each survivor with its root path as <c>-roots</c> prints paths (short type names, the suspect sub-path marked), its verdicts, then the dump.</summary>
internal static class LeakMessage
{
    public static string ForObjects(string assertion, int tracked, IReadOnlyList<LeakAnalysis.ObjectFinding> findings, string? dump, string? missing)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"{assertion}: {findings.Count} of {tracked} tracked object{(tracked == 1 ? "" : "s")} ")
            .Append(findings.Count == 1 ? "is" : "are").AppendLine(" still alive after full blocking collections.");
        foreach (var finding in findings)
        {
            text.AppendLine();
            if (finding.Path is null)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"{finding.Survivor.Label}: {finding.Survivor.DotNetType} @0x{finding.Survivor.Address:x}");
                text.AppendLine(CultureInfo.InvariantCulture, $"  (no root path: {finding.Missing ?? missing})");
                continue;
            }
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{finding.Survivor.Label}: {finding.TypeName} @0x{finding.Survivor.Address:x}, {Number(finding.Size)} B, retains {Number(finding.Retained)} B");
            AppendPath(text, finding.Path, "", finding.TypeName!);
        }
        AppendDump(text, dump);
        return text.ToString();
    }

    public static string ForType(string assertion, TypeRootPaths type, string? dump)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture,
            $"{assertion}: {Number(type.Instances)} instance{(type.Instances == 1 ? " of " + type.TypeName + " is" : "s of " + type.TypeName + " are")} still reachable after full blocking collections ({Number(type.Bytes)} B).");
        text.AppendLine();
        text.AppendLine(type.Paths.Count == 1 ? "Root path:" : "Root paths, the commonest first:");
        foreach (var path in type.Paths)
        {
            AppendPath(text, path, $"{Number(path.Count)} instance{(path.Count == 1 ? "" : "s")}, {Number(path.Bytes)} B, retains {Number(path.Retained ?? 0)} B: ", type.TypeName);
        }
        AppendDump(text, dump);
        return text.ToString();
    }

    /// <summary>
    /// The suspects a baseline does not know, as -suspects prints them: owner and retained bytes, root path, verdicts, signature.
    /// </summary>
    /// <param name="missing">Whether the baseline file does not exist (every suspect is then new).</param>
    public static string ForSuspects(string assertion, string baseline, bool missing, IReadOnlyList<LeakSuspect> fresh, int known, string? dump)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"{assertion}: {fresh.Count} leak suspect{(fresh.Count == 1 ? " is" : "s are")} not in the baseline {baseline}")
            .AppendLine(missing
                ? " (it does not exist: write the signatures of the expected ones into it, one per line, # for comments)."
                : $" ({known} known suspect{(known == 1 ? "" : "s")} left out).");
        foreach (var suspect in fresh)
        {
            text.AppendLine();
            text.AppendLine(suspect.IsGroup
                ? $"{Number(suspect.Instances)} instances of {suspect.TypeName} together retain {Number(suspect.Retained)} B"
                : $"{suspect.TypeName} @0x{suspect.Address:x} retains {Number(suspect.Retained)} B");
            if (suspect.Path is { } path)
            {
                AppendPath(text, path, "", suspect.IsGroup ? suspect.TypeName : suspect.PointTypeName, " (new: not in the baseline)");
            }
        }
        AppendDump(text, dump);
        return text.ToString();
    }

    /// <summary>
    /// The path as -roots prints it, "▶" before the suspect sub-path (the references one of which should have been
    /// cleared), its verdicts, and the leak's signature (what a baseline lists).
    /// </summary>
    private static void AppendPath(StringBuilder text, RootPath path, string prefix, string typeName, string status = "")
    {
        text.AppendLine(CultureInfo.InvariantCulture, $"  {prefix}{RootPathRenderer.MarkedText(path)}");
        if (RootPathRenderer.VerdictText(path) is { Length: > 0 } verdicts)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"  Verdicts: {verdicts}");
        }
        text.AppendLine(CultureInfo.InvariantCulture, $"  Signature: {LeakSignature.Of(path, typeName)}{status}");
    }

    private static void AppendDump(StringBuilder text, string? dump)
    {
        if (dump is null)
        {
            return;
        }
        text.AppendLine();
        text.Append(DumpPlace.Keep
            ? $"Read from the dump {dump} (kept for you; {DumpPlace.KeepVariable}=0 deletes it)."
            : $"Read from a dump of the test process, deleted ({DumpPlace.KeepVariable}=0).");
    }

    private static string Number(long value) => value.ToString("N0", CultureInfo.InvariantCulture);
}
