namespace MemAnalyzer.Cli;

internal static class HelpText
{
    public const string Examples = """

Examples:
  MemAnalyzer -f core.1234                     top 20 types by bytes in a core dump
  MemAnalyzer -f core.1234 -dtn 50 -live       top 50 types by count, reachable objects only
  MemAnalyzer -pid 1234 -dts '5000;N#200'      top 5000 types with more than 200 instances (quote ; and #)
  MemAnalyzer -pid 1234 -dead -unit MB         what the next full GC would free, in MB
  MemAnalyzer -f core.1234 -dacdir ~/dacs      analyze a dump from another machine with its DAC
  MemAnalyzer -f before.dmp -pid2 1234         what changed since the baseline dump (second minus first)
  MemAnalyzer -pid 1234 -o leak.csv -live -context "iteration 7"
                                               append this run's rows to a CSV for charting
  MemAnalyzer -f core.1234 -format json        the same rows as JSON (schema memanalyzer/1) on stdout
  MemAnalyzer -f 'dumps/*.dmp' -o fleet.csv    a batch: each dump on its own, its file name in the Context column
  MemAnalyzer -trend leak.csv -html trend.html which types grow across the CSV's iterations
  MemAnalyzer -pid 1234 -vmmap                 add native heap, mapped files, shared memory and stacks
  MemAnalyzer -f core.1234 -dstrings 20        the 20 most wasteful duplicated strings and who holds them
  MemAnalyzer -f core.1234 -live -dtr 10       the 10 types that keep the most memory alive (retained bytes)
  MemAnalyzer -f core.1234 -roots Acme.Order   the most common paths from a GC root to Acme.Order instances
  MemAnalyzer -pid 1234 -gc -dead              force a full GC first, then show what is still dead
  MemAnalyzer -ps                              the .NET processes this user can analyze, and how
  MemAnalyzer -pid MyService.dll -attach dump  by name; read through a heap dump its runtime writes (no ptrace)
  MemAnalyzer -procdump -ma 1234 /dumps/       write a dump with its side-cars; everything after -procdump is
                                               ProcDump for Linux syntax or the original's -ma|-mp <pid|name> [file|dir]

Exit codes: 0 success, 1 bad arguments, 2-9 dump problems, 10-14 process problems, 20-24 output files, 30-32 DAC/platform, 40-41 memory map, 50-52 capture and GC, 60-62 trend,
70 internal error, 80-81 batch of dumps, 130 cancelled. The README lists every code.
""";
}
