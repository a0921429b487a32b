using System.Reflection;
using System.Text.RegularExpressions;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Install;

/// <summary>
/// The README is the user's manual: every switch the real CLI offers and every exit code it can return has a line there.
/// The switches come from the CLI's own help output, the codes from ExitCodes; the README is read as a user reads it.
/// </summary>
public sealed class DocumentationTests
{
    private static readonly string Readme = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "README.md"));

    [Fact]
    public void EverySwitchTheHelpListsIsNamedInTheReadme()
    {
        var help = MemAnalyzerCli.Run("--help");
        Assert.Equal(0, help.ExitCode);
        var switches = Regex.Matches(help.StandardOutput, @"^\s{2}(-[a-z0-9?]+)\|", RegexOptions.Multiline)
            .Select(match => match.Groups[1].Value)
            .Where(name => name != "-?")
            .ToList();
        Assert.True(switches.Count >= 30, $"the help lists only {switches.Count} switches:\n{help.StandardOutput}");

        var undocumented = switches.Where(name => !Regex.IsMatch(Readme, $@"`{Regex.Escape(name)}(?![a-z0-9])")).ToList();
        Assert.True(undocumented.Count == 0, $"switches without a `{{switch}}` mention in README.md: {string.Join(", ", undocumented)}");
    }

    [Fact]
    public void EveryExitCodeHasItsOwnRowInTheReadmeTable()
    {
        var codes = typeof(MemAnalyzer.ExitCodes)
            .GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(field => field.IsLiteral && field.FieldType == typeof(int))
            .Select(field => (Name: field.Name, Code: (int)field.GetRawConstantValue()!))
            .ToList();
        Assert.True(codes.Count >= 20, $"only {codes.Count} exit codes found");

        var missing = codes
            .Where(code => !Regex.IsMatch(Readme, $@"^\| {code.Code} \| {code.Name} \|", RegexOptions.Multiline))
            .Select(code => $"{code.Code} {code.Name}")
            .ToList();
        Assert.True(missing.Count == 0, $"exit codes without a '| code | name |' row in README.md: {string.Join(", ", missing)}");
    }

    [Fact]
    public void NoTwoExitCodesShareANumber()
    {
        var duplicates = typeof(MemAnalyzer.ExitCodes)
            .GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(field => field.IsLiteral && field.FieldType == typeof(int))
            .GroupBy(field => (int)field.GetRawConstantValue()!)
            .Where(group => group.Count() > 1)
            .Select(group => $"{group.Key}: {string.Join(", ", group.Select(field => field.Name))}")
            .ToList();
        Assert.True(duplicates.Count == 0, $"exit codes share a number: {string.Join("; ", duplicates)}");
    }

    [Fact]
    public void TheHelpsExitCodesAreExactlyThoseOfExitCodesAndOfTheReadmeTable()
    {
        var help = MemAnalyzerCli.Run(["--help"], new Dictionary<string, string?> { ["COLUMNS"] = "100000" });
        var line = help.StandardOutput.Split('\n').Single(l => l.StartsWith("Exit codes:", StringComparison.Ordinal));
        var inHelp = Regex.Matches(line, @"(\d+)(?:-(\d+))?")
            .SelectMany(m => Enumerable.Range(int.Parse(m.Groups[1].Value), (m.Groups[2].Success ? int.Parse(m.Groups[2].Value) : int.Parse(m.Groups[1].Value)) - int.Parse(m.Groups[1].Value) + 1))
            .Order().ToList();
        var defined = typeof(MemAnalyzer.ExitCodes).GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(field => field.IsLiteral && field.FieldType == typeof(int)).Select(field => (int)field.GetRawConstantValue()!).Order().ToList();
        var inReadme = Regex.Matches(Readme, @"^\| (\d+) \| [A-Za-z]+ \|", RegexOptions.Multiline).Select(m => int.Parse(m.Groups[1].Value)).Order().ToList();
        Assert.Equal(defined, inHelp);
        Assert.Equal(defined, inReadme);
    }

    [Fact]
    public void EverySwitchOfTheReadmeTableIsInTheHelpAndOptionalValuesAreWrittenAlike()
    {
        var help = MemAnalyzerCli.Run(["--help"], new Dictionary<string, string?> { ["COLUMNS"] = "100000" });
        var templates = Regex.Matches(help.StandardOutput, @"^  (-\S+)", RegexOptions.Multiline).Select(m => m.Groups[1].Value).ToList();
        var inHelp = templates.SelectMany(t => t.Split('[', '<')[0].Split('|')).ToHashSet(StringComparer.Ordinal);
        var rows = Regex.Matches(Readme, @"^\| (`(-[a-z0-9?]+)[^|]*)?\| (`(--[a-z0-9-]+)([^`]*)`)? \|", RegexOptions.Multiline);
        Assert.True(rows.Count >= 40, $"only {rows.Count} rows of the switch table were read");
        var missing = rows.SelectMany(r => new[] { r.Groups[2].Value, r.Groups[4].Value }).Where(n => n.Length > 0 && !inHelp.Contains(n)).ToList();
        Assert.True(missing.Count == 0, $"README switches the help does not list: {string.Join(", ", missing)}");

        // The help's --by-size[=N] is the README's: the same name, the same [=…] for an optional value.
        var optional = templates.Where(t => t.Contains("[=", StringComparison.Ordinal)).Select(t => t.Split('|')[^1]).ToList();
        Assert.True(optional.Count >= 5, $"the help shows only {optional.Count} optional values: {string.Join(", ", optional)}");
        var unlike = optional.Where(t => !rows.Any(r => r.Groups[4].Value + r.Groups[5].Value == t)).ToList();
        Assert.True(unlike.Count == 0, $"optional values the README's long-form column does not write as the help does: {string.Join(", ", unlike)}");
    }
}
