namespace MemAnalyzer.Cli;

/// <summary>What the isolated child of one dump of a batch left: its exit code, its stdout and its stderr.</summary>
internal sealed record BatchResult(string Dump, int ExitCode, string Output, string Error);
