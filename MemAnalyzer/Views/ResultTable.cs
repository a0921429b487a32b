using MemAnalyzer.Output;

namespace MemAnalyzer.Views;

/// <summary>
/// What a view returns of one reading (or of a diff): the console table, and the rows a CSV file and a JSON document
/// get (with who and when they describe, for a single target; null in a diff). Both run only when asked.
/// </summary>
public sealed record ResultTable<TRow>(Action Console, Func<TargetContext?, (IReadOnlyList<TRow> Rows, JsonTarget Target)> Rows);
