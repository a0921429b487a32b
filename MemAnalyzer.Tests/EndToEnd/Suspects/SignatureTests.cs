using System.Globalization;
using System.Text.Json;
using MemAnalyzer.Tests.Infrastructure;
using MemAnalyzer.TestTargets;

namespace MemAnalyzer.Tests.EndToEnd.Suspects;

/// <summary>
/// Leak signatures on real dumps: the five leaks of "leaks" mode keep their signatures in another process and after
/// they grew; one extra leak is exactly one new signature; -baseline passes the known ones and fails on the new one.
/// </summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class SignatureTests(LeaksTarget target, ExtraLeakTarget extra) : IClassFixture<ExtraLeakTarget>
{
    private static readonly string[] Suspects = ["-suspects", "10", "-suspectpct", "4"];

    private const string AuditList = "System.Collections.Generic.List<" + ExpectedCounts.LeaksAuditRecordType + ">";

    private const string AuditPath = "static " + ExpectedCounts.LeaksScenarioType + ".s_audit → List<AuditRecord>._items → AuditRecord[]";

    [Fact]
    public void TheFiveLeaksHaveTheSameSignaturesInAnotherProcessAndAfterEachOfThemGrew()
    {
        var planted = Signatures(target.BeforePath);
        Assert.Equal(5, planted.Distinct().Count());
        Assert.Equal(planted.Order(), Signatures(target.AfterPath).Order());
        Assert.Equal(planted.Order(), Signatures(extra.BeforePath).Order());
    }

    [Fact]
    public void OneExtraLeakIsExactlyOneNewSignatureAndItNamesTheAuditListWithItsExactRetainedBytes()
    {
        var run = Run(["-f", extra.AfterPath, .. Suspects], 0);
        var fresh = SignatureOutput.Parse(run.StandardOutput).ExceptBy(Signatures(target.BeforePath), s => s.Signature).ToList();
        var audit = Assert.Single(fresh);
        Assert.Matches($@"^\d+\. {Escape(AuditList)} 0x[0-9a-f]+ retains {Bytes(ExpectedCounts.LeaksAuditRetained)} bytes ", audit.Head);
    }

    [Fact]
    public void ABaselineJsonPassesTheKnownLeaksOfAnotherProcessAndFailsTheExtraOneWithExit63NamingItsOwnerBytesAndPath()
    {
        var baseline = target.File("signatures-base.json");
        Run(["-f", target.BeforePath, .. Suspects, "-o", baseline], 0);

        var known = Run(["-f", extra.BeforePath, .. Suspects, "-baseline", baseline], 0);
        Assert.All(SignatureOutput.Parse(known.StandardOutput), s => Assert.Equal("known", s.Baseline));
        Assert.Equal(5, SignatureOutput.Parse(known.StandardOutput).Count);

        var failed = Run(["-f", extra.AfterPath, .. Suspects, "-baseline", baseline], 63);
        var audit = Assert.Single(SignatureOutput.Parse(failed.StandardOutput), s => s.Baseline == "new");
        var lines = Lines(failed.StandardError);
        Assert.Matches($@"^new leak {audit.Signature}: {Escape(AuditList)} 0x[0-9a-f]+ retains {Bytes(ExpectedCounts.LeaksAuditRetained)} bytes: {Escape(AuditPath)}$", lines[^2]);
        Assert.Equal($"error: a leak suspect is not in the baseline '{baseline}' (signature {audit.Signature}): fix the leak, or add its signature to the baseline if it is expected", lines[^1]);
        Assert.Single(lines, l => l.StartsWith("new leak ", StringComparison.Ordinal));
    }

    [Fact]
    public void AListOfSignaturesWithCommentsIsABaselineAndAddingTheNewSignatureToItPassesTheRun()
    {
        var list = target.File("signatures-base.txt");
        var planted = SignatureOutput.Parse(Run(["-f", target.BeforePath, .. Suspects], 0).StandardOutput);
        File.WriteAllLines(list, ["# the leaks we know of", "", .. planted.Select(s => $"{s.Signature.ToUpperInvariant()}   # {s.Head[..Math.Min(40, s.Head.Length)]}")]);
        var failed = Run(["-f", extra.AfterPath, .. Suspects, "-baseline", list], 63);
        var audit = Assert.Single(SignatureOutput.Parse(failed.StandardOutput), s => s.Baseline == "new");

        File.AppendAllLines(list, [audit.Signature + " # the audit list, fixed in the next release"]);
        var passed = Run(["-f", extra.AfterPath, .. Suspects, "-baseline", list], 0);
        Assert.Equal(6, SignatureOutput.Parse(passed.StandardOutput).Count(s => s.Baseline == "known"));
    }

    [Fact]
    public void TheOwnersThatGrewInADiffHaveTheSignaturesTheSameOwnersHaveInOneDumpSoOneBaselineGatesBoth()
    {
        var baseline = target.File("signatures-diff-base.json");
        Run(["-f", target.BeforePath, .. Suspects, "-o", baseline], 0);
        var diff = Run(["-f", target.BeforePath, "-f2", target.AfterPath, "-suspects", "10", "-suspectpct", "4", "-baseline", baseline], 0);
        var grown = SignatureOutput.Parse(diff.StandardOutput);
        Assert.Equal(4, grown.Count);
        Assert.All(grown, g => Assert.Equal("known", g.Baseline));
        Assert.Subset(Signatures(target.BeforePath).ToHashSet(), grown.Select(g => g.Signature).ToHashSet());
    }

    [Fact]
    public void TheCsvAndTheJsonCarryEachSuspectsSignatureAndBaselineMarkAsTheConsolePrintsThem()
    {
        var list = target.File("signatures-two.txt");
        var console = SignatureOutput.Parse(Run(["-f", target.BeforePath, .. Suspects], 0).StandardOutput);
        File.WriteAllLines(list, [console[0].Signature, console[1].Signature]);
        var csv = target.File("signatures.csv");
        var json = target.File("signatures.json");
        Run(["-f", target.BeforePath, .. Suspects, "-baseline", list, "-o", csv, "-overwrite"], 63);
        Run(["-f", target.BeforePath, .. Suspects, "-baseline", list, "-o", json], 63);
        string[] expected = [.. console.Select((s, i) => $"{s.Signature} {(i < 2 ? "known" : "new")}")];

        var rows = CsvFile.Read(csv).Rows;
        Assert.Equal(expected, rows.Select(r => $"{r["Signature"]} {r["Baseline"]}"));
        using var document = JsonDocument.Parse(File.ReadAllText(json));
        var suspects = document.RootElement.GetProperty("targets")[0].GetProperty("suspects").EnumerateArray();
        Assert.Equal(expected, suspects.Select(s => $"{s.GetProperty("signature").GetString()} {s.GetProperty("baseline").GetString()}"));
    }

    [Theory]
    [InlineData("missing", "does not exist: write it once with -suspects -o base.json (or as a list of signatures, one per line)")]
    [InlineData("not a signature\n", "line 1 is not a signature ('not a signature'): each line holds one signature of 16 hex digits, as -suspects prints it; # starts a comment")]
    [InlineData("# ok\n3b56e765fd736c9b\n3b56e765fd736c9\n", "line 3 is not a signature ('3b56e765fd736c9'): each line holds one signature of 16 hex digits, as -suspects prints it; # starts a comment")]
    [InlineData("{\"mode\": \"types\", \"targets\": []}", "is not the JSON of -suspects (its mode is 'types'): write it with -suspects -o base.json")]
    [InlineData("{\"mode\": \"suspects\", \"targets\": [{\"suspects\": [{\"rank\": 1}]}]}", "has a suspect without a signature (an older MemAnalyzer wrote it): write it again with -suspects -o base.json")]
    [InlineData("{\"mode\": \"suspects\",", "is not valid JSON (")]
    [InlineData("directory", "is a directory: give the JSON file -suspects -o wrote, or a list of signatures")]
    public void ABaselineThatIsMissingOrMalformedStopsTheRunWithExit64BeforeAnythingIsWritten(string content, string what)
    {
        using var directory = new TempDirectory();
        var baseline = directory.File("base");
        if (content == "directory")
        {
            Directory.CreateDirectory(baseline);
        }
        else if (content != "missing")
        {
            File.WriteAllText(baseline, content);
        }
        var output = directory.File("out.csv");
        var run = Run(["-f", target.BeforePath, "-suspects", "-baseline", baseline, "-o", output], 64);
        Assert.StartsWith($"error: the baseline '{baseline}' {what}", Assert.Single(Lines(run.StandardError)), StringComparison.Ordinal);
        Assert.Equal("", run.StandardOutput);
        Assert.False(File.Exists(output));
    }

    [Theory]
    [InlineData("-baseline gates the leak suspects: add -suspects")]
    [InlineData("-suspects and -dominators are views of their own (on the live heap, with retained bytes): leave out -baseline", "-dominators")]
    [InlineData("-handles is a view of its own: leave out -baseline", "-handles")]
    public void ABaselineWithoutSuspectsIsRefusedWithExit1(string error, params string[] view)
    {
        var run = Run(["-f", target.BeforePath, .. view, "-baseline", "base.json"], 1);
        Assert.Equal($"error: {error}", Assert.Single(Lines(run.StandardError)));
    }

    private static List<string> Signatures(string dump) =>
        [.. SignatureOutput.Parse(Run(["-f", dump, .. Suspects], 0).StandardOutput).Select(s => s.Signature)];

    private static ProcessResult Run(string[] arguments, int exitCode)
    {
        var run = MemAnalyzerCli.Run(arguments);
        Assert.True(run.ExitCode == exitCode, run.ToString());
        return run;
    }

    private static string[] Lines(string text) => [.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(l => !l.StartsWith("note:", StringComparison.Ordinal))];

    private static string Bytes(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    private static string Escape(string text) => System.Text.RegularExpressions.Regex.Escape(text);
}
