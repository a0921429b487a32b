using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;
using MemAnalyzer.Commands;

namespace MemAnalyzer.Tests.Unit.Views;

/// <summary>
/// The one refusal rule of the view catalog (View.RefuseOtherViews), in-process: a view names every view switch it does
/// not accept, in the catalog's order, by the name the help gives it.
/// </summary>
public sealed class ViewRefusalTests
{
    private static CommandRequest Build(params string[] args) =>
        RequestBuilder.Build(new CommandLine(PhysicalConsole.Singleton).Parse(ArgumentNormalizer.Normalize(args)), null);

    [Theory]
    [InlineData(new[] { "-f", "a.dmp", "-handles", "-inspections" }, "-handles is a view of its own: leave out -inspections")]
    [InlineData(new[] { "-f", "a.dmp", "-finalizable", "-inspections", "-live" }, "-finalizable is a view of its own: leave out -inspections, -live")]
    [InlineData(new[] { "-f", "a.dmp", "-fragmentation", "--top", "5", "-gen", "gen0" }, "-fragmentation is a view of its own (every generation, free blocks and pinned objects): leave out --top, -gen")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-type", "x", "-vmmap" }, "-inspections is a view of its own (on the live heap): leave out -vmmap, -type")]
    [InlineData(new[] { "-f", "a.dmp", "-fragmentation", "-showunchanged", "-f2", "b.dmp" }, "-fragmentation is a view of its own (every generation, free blocks and pinned objects): leave out -showunchanged")]
    public void AViewRefusesEveryViewSwitchItDoesNotAcceptNamingThemInTheCatalogsOrder(string[] args, string message)
    {
        var e = Assert.Throws<MemAnalyzerException>(() => Build(args));

        Assert.Equal(ExitCodes.InvalidArguments, e.ExitCode);
        Assert.Equal(message, e.Message);
    }
}
