using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd;

/// <summary>Dump paths that are links to nothing, and dumps that miss only their end, get errors that say exactly that.</summary>
public sealed class DumpPathTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ADanglingSymbolicLinkIsAMissingDumpThatSaysWhereItPoints()
    {
        var link = _directory.File("dangling.dmp");
        File.CreateSymbolicLink(link, "/nonexistent/app.dmp");

        CliAssert.Error(MemAnalyzerCli.Run("-f", link), ExitCodes.DumpNotFound, "is a symbolic link to '/nonexistent/app.dmp', which does not exist");
    }

    [Fact]
    public void ADumpMissingOnlyItsLastPageIsNotReportedAsAHundredPercentThere()
    {
        using var target = TargetProcess.Start("LeakyApp", "walkthrough");
        var dump = target.WriteDump(_directory.File("whole.dmp"));
        var cut = _directory.File("cut.dmp");
        File.Copy(dump, cut);
        long length;
        using (var file = File.OpenWrite(cut))
        {
            length = file.Length;
            file.SetLength(length - 4096);
        }

        var result = MemAnalyzerCli.Run("-f", cut);

        CliAssert.Error(result, ExitCodes.DumpInvalid, $"is truncated: it has {length - 4096:N0} of {length:N0} bytes (99.9%, 4,096 bytes missing)");
    }
}
