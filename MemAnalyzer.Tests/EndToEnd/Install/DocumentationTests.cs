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
}
