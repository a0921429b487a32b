using MemAnalyzer.Retention;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// A retention pattern that belongs to framework code (<see cref="LibraryPatterns"/>): a root path matches it when its
/// root's name starts with <paramref name="Root"/>, or when it goes through the steps of <paramref name="Steps"/> one
/// after the other (a type, and the field the path leaves it by; a null field: any).
/// </summary>
/// <param name="Name">What the report calls it: "timers kept by the runtime's timer queue".</param>
/// <param name="Hint">The usual fix, one line.</param>
public sealed record LibraryPattern(string Name, string Hint, string? Root, IReadOnlyList<(string Type, string? Field)> Steps)
{
    public bool Matches(RootPath path)
    {
        if (Root is not null)
        {
            return path.Root.Description.StartsWith(Root, StringComparison.Ordinal);
        }
        for (var start = 0; start + Steps.Count <= path.Steps.Count; start++)
        {
            var all = true;
            for (var i = 0; i < Steps.Count && all; i++)
            {
                var (type, field) = Steps[i];
                var step = path.Steps[start + i];
                all = step.TypeName == type && (field is null || step.Field == field);
            }
            if (all)
            {
                return true;
            }
        }
        return false;
    }
}
