using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;
using MemAnalyzer.Commands;
using MemAnalyzer.Inspections;
using MemAnalyzer.Views;

namespace MemAnalyzer.Tests.Unit.Cli;

/// <summary>-inspections and its thresholds, from the command line to the request, in-process.</summary>
public sealed class InspectionSwitchTests
{
    private static CommandRequest Build(params string[] args) =>
        RequestBuilder.Build(new CommandLine(PhysicalConsole.Singleton).Parse(ArgumentNormalizer.Normalize(args)), null);

    [Fact]
    public void InspectionsWithoutThresholdsUseTheDocumentedDefaults()
    {
        var request = Assert.IsType<ViewRequest<InspectionOptions>>(Build("-f", "a.dmp", "-inspections"));

        Assert.Equal(new InspectionOptions(100, 25, 10), request.Options);
    }

    [Fact]
    public void EachThresholdIsTakenFromItsSwitch()
    {
        var request = Assert.IsType<ViewRequest<InspectionOptions>>(Build("-pid", "7", "-inspections", "-minhandlers", "50", "--sparse-percent", "10", "-mingroup", "1"));

        Assert.Equal(new InspectionOptions(50, 10, 1), request.Options);
    }

    [Fact]
    public void InspectionsWithASecondTargetAreADiffThatMayShowTheUnchangedFindings()
    {
        var request = Assert.IsType<ViewRequest<InspectionOptions>>(Build("-f", "a.dmp", "-pid2", "7", "-inspections", "-showunchanged"));

        Assert.Equal((2, true), (request.Targets.Count, request.ShowUnchanged));
    }

    [Fact]
    public void FinalizableWithASecondTargetIsADiff()
    {
        var request = Assert.IsType<ViewRequest<NoOptions>>(Build("-f", "a.dmp", "-f2", "b.dmp", "-finalizable"));

        Assert.Equal((ViewCatalog.Finalizable, 2, false), (request.View, request.Targets.Count, request.ShowUnchanged));
    }

    [Theory]
    [InlineData(new[] { "-f", "a.dmp", "-minhandlers", "50" }, "-minhandlers is a threshold of -inspections: add -inspections")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-minhandlers", "1" }, "-minhandlers 1: give a whole number, 2 or more")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-sparsepct", "101" }, "-sparsepct 101: give a whole number from 1 to 100")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-mingroup", "x" }, "-mingroup x: give a whole number, 1 or more")]
    [InlineData(new[] { "-f", "a.dmp", "-f", "b.dmp", "-inspections" }, "-inspections reads one target (or the two of a diff): give one -f <dump>, not several")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-showunchanged" }, "-showunchanged belongs to a diff: add -f2 <dump> or -pid2 <pid>, or leave it out")]
    [InlineData(new[] { "-f", "a.dmp", "-finalizable", "-showunchanged" }, "-showunchanged belongs to a diff: add -f2 <dump> or -pid2 <pid>, or leave it out")]
    [InlineData(new[] { "-f", "a.dmp", "-f2", "b.dmp", "-finalizable", "-retained" }, "-finalizable -retained reads one target: leave out -retained in a diff (the diff compares handle counts and target bytes)")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-dstrings", "-live" }, "-inspections is a view of its own (on the live heap): leave out -dstrings, -live")]
    [InlineData(new[] { "-f", "a.dmp", "-inspections", "-gen", "gen2" }, "-inspections is a view of its own (on the live heap): leave out -gen")]
    [InlineData(new[] { "-f", "a.dmp", "-handles", "-gen", "loh" }, "-handles is a view of its own: leave out -gen")]
    [InlineData(new[] { "-f", "a.dmp", "-finalizable", "-gen", "gen0" }, "-finalizable is a view of its own: leave out -gen")]
    public void AWrongInspectionsCommandLineIsRejectedWithWhatToDo(string[] args, string message)
    {
        var e = Assert.Throws<MemAnalyzerException>(() => Build(args));

        Assert.Equal(ExitCodes.InvalidArguments, e.ExitCode);
        Assert.Equal(message, e.Message);
    }
}
