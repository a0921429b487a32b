namespace MemAnalyzer.Cli;

/// <summary>A command as a person would type it again: "MemAnalyzer -f 'my dump.dmp' -html r.html".</summary>
public static class CommandText
{
    public static string Of(IReadOnlyList<string> arguments) =>
        string.Join(' ', arguments.Select(Quote).Prepend("MemAnalyzer"));

    private static string Quote(string argument) =>
        argument.Length > 0 && argument.All(c => char.IsAsciiLetterOrDigit(c) || "-_./:=,+@%#*".Contains(c))
            ? argument
            : "'" + argument.Replace("'", "'\\''", StringComparison.Ordinal) + "'";
}
