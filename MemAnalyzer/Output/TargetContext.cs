namespace MemAnalyzer.Output;

/// <summary>
/// Who and when a target's rows describe: the same values on every row of one run, written as the CSV's context columns
/// and as the fields of the JSON target.
/// </summary>
public sealed record TargetContext(string ProcessId, string Time, string CommandLine, long AgeSeconds, string Name, string Context);
