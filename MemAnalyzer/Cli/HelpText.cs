namespace MemAnalyzer.Cli;

/// <summary>The help's own text besides the switches: the title, the examples and the exit-code ranges (laid out by <see cref="HelpWriter"/>).</summary>
internal static class HelpText
{
    public const string Title = "MemAnalyzer: exact managed-memory statistics of .NET core dumps and live processes";

    public const string Usage = "Usage: MemAnalyzer -f <dump>… | -pid <pid|name> [options]; MemAnalyzer -procdump <args…>; MemAnalyzer -trend <file.csv>; MemAnalyzer -ps";

    /// <summary>Each example: the command line, and what it does.</summary>
    public static readonly (string Command, string Meaning)[] Examples =
    [
        ("MemAnalyzer -f core.1234", "top 20 types by bytes in a core dump"),
        ("MemAnalyzer -f core.1234 -dtn 50 -live", "top 50 types by count, reachable objects only"),
        ("MemAnalyzer -pid 1234 -dts '5000;N#200'", "top 5000 types with more than 200 instances (quote ; and #)"),
        ("MemAnalyzer -pid 1234 -dead -unit MB", "what the next full GC would free, in MB"),
        ("MemAnalyzer -f core.1234 -dacdir ~/dacs", "analyze a dump from another machine with its DAC"),
        ("MemAnalyzer -f before.dmp -pid2 1234", "what changed since the baseline dump (second minus first)"),
        ("MemAnalyzer -pid 1234 -o leak.csv -live -context \"iteration 7\"", "append this run's rows to a CSV for charting"),
        ("MemAnalyzer -f core.1234 -format json", "the same rows as JSON (schema memanalyzer/1) on stdout"),
        ("MemAnalyzer -f 'dumps/*.dmp' -o fleet.csv", "a batch: each dump on its own, its file name in the Context column"),
        ("MemAnalyzer -trend leak.csv -html trend.html", "which types grow across the CSV's iterations"),
        ("MemAnalyzer -pid 1234 -vmmap", "add native heap, mapped files, shared memory and stacks"),
        ("MemAnalyzer -f core.1234 -dstrings 20", "the 20 most wasteful duplicated strings and who holds them"),
        ("MemAnalyzer -f core.1234 -live -dtr 10", "the 10 types that keep the most memory alive (retained bytes)"),
        ("MemAnalyzer -f core.1234 -roots Acme.Order", "the most common paths from a GC root to Acme.Order instances"),
        ("MemAnalyzer -pid 1234 -gc -dead", "force a full GC first, then show what is still dead"),
        ("MemAnalyzer -ps", "the .NET processes this user can analyze, and how"),
        ("MemAnalyzer -pid MyService.dll -attach dump", "by name; read through a heap dump its runtime writes (no ptrace)"),
        ("MemAnalyzer -procdump -ma 1234 /dumps/", "write a dump with its side-cars; everything after -procdump is ProcDump for Linux syntax or the original's -ma|-mp <pid|name> [file|dir]"),
    ];

    /// <summary>The exit codes by failure class, for the help's summary line; every code of <see cref="ExitCodes"/> is in one group (a test checks it).</summary>
    public static readonly (string Label, int[] Codes)[] ExitCodeGroups =
    [
        ("success", [ExitCodes.Success]),
        ("bad arguments", [ExitCodes.InvalidArguments]),
        ("dump problems", [ExitCodes.DumpNotFound, ExitCodes.DumpUnreadable, ExitCodes.DumpInvalid, ExitCodes.NotDotNet, ExitCodes.HeapUnreadable, ExitCodes.DumpHasNoHeap, ExitCodes.LivenessNotExact]),
        ("memory", [ExitCodes.OutOfMemory]),
        ("process problems", [ExitCodes.ProcessNotFound, ExitCodes.AttachDenied, ExitCodes.TargetExited, ExitCodes.NoAccessPath, ExitCodes.AmbiguousProcess]),
        ("output files", [ExitCodes.OutputFailed, ExitCodes.CsvHeaderMismatch, ExitCodes.OutputDirectoryMissing, ExitCodes.OutputNotWritable, ExitCodes.OutputIsDirectory]),
        ("DAC/platform", [ExitCodes.DacNotFound, ExitCodes.ForcedDacUnusable, ExitCodes.UnsupportedDumpPlatform]),
        ("memory map", [ExitCodes.MemoryMapUnreadable, ExitCodes.MemoryMapDenied]),
        ("capture and GC", [ExitCodes.CaptureFailed, ExitCodes.NoMatchingProcess, ExitCodes.GcTimedOut]),
        ("trend", [ExitCodes.GrowthAboveLimit, ExitCodes.TrendCsvNotFound, ExitCodes.TrendCsvInvalid]),
        ("leak baseline", [ExitCodes.NewLeakSuspect, ExitCodes.BaselineInvalid]),
        ("internal error", [ExitCodes.InternalError]),
        ("batch of dumps", [ExitCodes.BatchPartlyFailed, ExitCodes.BatchFailed]),
        ("SQL and exports", [ExitCodes.SqlQueryFailed, ExitCodes.ExportExists]),
        ("cancelled", [ExitCodes.Cancelled]),
    ];

    /// <summary>"Exit codes: 0 success, 1 bad arguments, 2-8 dump problems, …": each group's codes as runs of consecutive numbers.</summary>
    public static string ExitCodesLine() =>
        "Exit codes: " + string.Join(", ", ExitCodeGroups.Select(g => $"{Runs(g.Codes)} {g.Label}")) + ". The README lists every code.";

    private static string Runs(int[] codes)
    {
        var sorted = codes.Order().ToArray();
        var runs = new List<string>();
        for (var start = 0; start < sorted.Length;)
        {
            var end = start;
            while (end + 1 < sorted.Length && sorted[end + 1] == sorted[end] + 1)
            {
                end++;
            }
            runs.Add(end == start ? $"{sorted[start]}" : $"{sorted[start]}-{sorted[end]}");
            start = end + 1;
        }
        return string.Join(", ", runs);
    }
}
