namespace MemAnalyzer.Output;

/// <summary>Why a dump of a batch has no rows: its exit code and its error line without the "error: " prefix.</summary>
public sealed record JsonError(int ExitCode, string Message);
