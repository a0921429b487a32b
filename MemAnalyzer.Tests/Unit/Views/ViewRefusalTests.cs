using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Strings;
using MemAnalyzer.Views;

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
    [InlineData(new[] { "-f", "a.dmp", "-dstrings", "-resultfile", "r.txt", "-vmmap" }, "-dstrings is a view of its own: leave out -vmmap, -resultfile")]
    [InlineData(new[] { "-f", "a.dmp", "-dominators", "3", "2", "-gen", "gen0", "-dts" }, "-suspects and -dominators are views of their own (on the live heap, with retained bytes): leave out -dts, -gen")]
    public void AViewRefusesEveryViewSwitchItDoesNotAcceptNamingThemInTheCatalogsOrder(string[] args, string message)
    {
        var e = Assert.Throws<MemAnalyzerException>(() => Build(args));

        Assert.Equal(ExitCodes.InvalidArguments, e.ExitCode);
        Assert.Equal(message, e.Message);
    }

    [Fact]
    public void AViewsOwnSettingsAreNotRefusedAsAnotherViewsSwitches()
    {
        var strings = Assert.IsType<ViewRequest<StringQuery>>(Build("-f", "a.dmp", "-dstrings", "3", "-showaddress", "-live"));
        var dominators = Assert.IsType<ViewRequest<(int Count, int Depth, TypeFilter? Types)>>(Build("-f", "a.dmp", "-dominators", "4", "2", "-type", "*Customer"));

        Assert.Equal((3, ObjectSelection.Live, true), (strings.Options.TopN, strings.Options.Selection, strings.Options.ShowAddress));
        Assert.Equal((4, 2, "*Customer"), (dominators.Options.Count, dominators.Options.Depth, dominators.Options.Types!.Text));
    }
}
