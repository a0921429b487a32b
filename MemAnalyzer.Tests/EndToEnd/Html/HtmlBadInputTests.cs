using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Html;

/// <summary>-html paths that cannot take a page, and switches it does not go with: one error line and the exit code of -o's rules, before any walk.</summary>
[Collection(LeaksTargetCollection.Name)]
public sealed class HtmlBadInputTests(LeaksTarget target)
{
    [Fact]
    public void AnHtmlPathThatIsADirectoryOrInAMissingDirectoryIsReported()
    {
        var directory = Directory.CreateDirectory(target.File("pages")).FullName;
        CliAssert.Error(MemAnalyzerCli.Run("-f", target.BeforePath, "-html", directory), ExitCodes.OutputIsDirectory, $"-html '{directory}' is a directory");
        var missing = Path.Combine(target.File("no-such-directory"), "report.html");
        CliAssert.Error(MemAnalyzerCli.Run("-f", target.BeforePath, "-suspects", "-html", missing), ExitCodes.OutputDirectoryMissing, "the directory of -html");
    }

    [Fact]
    public void AnImmutablePageIsReportedBeforeTheWalkAndKept()
    {
        var html = target.File("immutable.html");
        File.WriteAllText(html, "the page attached to ticket 42\n");
        // Tests run as root, which ignores mode bits; the immutable attribute stops root too.
        Assert.Equal(0, ProcessRunner.Run("chattr", ["+i", html]).ExitCode);
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-f2", target.AfterPath, "-html", html);
        ProcessRunner.Run("chattr", ["-i", html]);
        CliAssert.Error(result, ExitCodes.OutputNotWritable, "cannot be replaced");
        Assert.Equal("the page attached to ticket 42\n", File.ReadAllText(html));
    }

    [Fact]
    public void AnExistingPageIsReplacedWholeAndNoStagingFileStays()
    {
        var directory = Directory.CreateDirectory(target.File("replaced")).FullName;
        var html = Path.Combine(directory, "report.html");
        File.WriteAllText(html, new string('x', 1_000_000));
        var result = MemAnalyzerCli.Run("-f", target.BeforePath, "-html", html);
        Assert.True(result.ExitCode == 0, result.ToString());
        var text = File.ReadAllText(html);
        Assert.StartsWith("<!DOCTYPE html>", text, StringComparison.Ordinal);
        Assert.EndsWith("</body></html>\n", text, StringComparison.Ordinal);
        Assert.DoesNotContain("xxx", text, StringComparison.Ordinal);
        Assert.Equal(["report.html"], Directory.GetFiles(directory).Select(Path.GetFileName));
    }

    [Theory]
    [InlineData("-dominators", "-dominators prints its tree on the console")]
    [InlineData("-objects", "-objects prints objects' fields on the console")]
    public void HtmlWithAViewThatHasNoPageIsAnInvalidArgument(string view, string message)
    {
        string[] arguments = view == "-objects" ? ["-f", target.BeforePath, view, "System.String", "-html", target.File("x.html")] : ["-f", target.BeforePath, view, "-html", target.File("x.html")];
        CliAssert.Error(MemAnalyzerCli.Run(arguments), ExitCodes.InvalidArguments, message);
        Assert.False(File.Exists(target.File("x.html")));
    }

    [Fact]
    public void HtmlWithABatchOfDumpsIsAnInvalidArgument() =>
        CliAssert.Error(MemAnalyzerCli.Run("-f", target.BeforePath, "-f", target.AfterPath, "-html", target.File("batch.html")), ExitCodes.InvalidArguments, "-html writes the page of one analysis");
}
