using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Cli;

/// <summary>A long error becomes one short "error:" line and indented detail lines that give the message back word for word.</summary>
public sealed class ErrorTextTests
{
    // Shaped like the DAC-not-found message: a sentence, a "; " list with a parenthesis holding "; ", advice, paths.
    private const string Long =
        "no DAC (libmscordaccore.so) matches the .NET runtime 8.0.22 (x64, libcoreclr build-id 0123456789abcdef0123456789abcdef01234567) that wrote this target, " +
        "and MemAnalyzer never downloads one. Searched: /opt/memanalyzer/dacs (dacs collection; index.tsv); /srv/customer-app (runtime directory recorded in the dump); " +
        "/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.0 (installed runtime). Rejected: /tmp/x/libmscordaccore.so: it is truncated (4,096 of 2,097,152 bytes). " +
        "To fetch it on a machine with the network, run: scripts/collect-dacs.sh --dacs /opt/memanalyzer/dacs --nuget 8.0.22 (then copy the folder here). " +
        "-ignoredacmismatch forces a DAC whose build-id differs (results may be wrong).";

    [Fact]
    public void AMessageOfAtMost300CharactersStaysOneLine()
    {
        var message = new string('x', 300);

        Assert.Equal(["error: " + message], ErrorText.Lines(message));
    }

    [Fact]
    public void ALongMessageIsOneShortErrorLineAndIndentedDetailLinesThatJoinBackToTheMessage()
    {
        var lines = ErrorText.Lines(Long);

        Assert.Equal("error: no DAC (libmscordaccore.so) matches the .NET runtime 8.0.22 (x64, libcoreclr build-id", lines[0]);
        // Cut after sentences and "; " lists, never inside a parenthesis.
        Assert.Equal("  Searched: /opt/memanalyzer/dacs (dacs collection; index.tsv);", lines[2]);
        Assert.Equal("  /srv/customer-app (runtime directory recorded in the dump);", lines[3]);
        Assert.All(lines.Skip(1), l => Assert.StartsWith("  ", l, StringComparison.Ordinal));
        Assert.All(lines, l => Assert.InRange(l.Length, 1, 130));
        Assert.Equal(Long, CliAssert.ErrorMessage(string.Join('\n', lines) + "\n"));
    }

    [Fact]
    public void ALongMessageWithoutPunctuationIsWrappedAtSpaces()
    {
        var message = string.Join(' ', Enumerable.Repeat("word", 100));

        var lines = ErrorText.Lines(message);

        Assert.Equal(5, lines.Count);
        Assert.Equal(message, CliAssert.ErrorMessage(string.Join('\n', lines)));
    }

    [Fact]
    public void ACommandTheMessageTellsTheUserToRunStandsWholeOnALineOfItsOwnEvenWhenLongerThanALine()
    {
        const string command = "/home/someone/.local/lib/memanalyzer/collect-dacs.sh --dacs '/home/someone/my data (old)/.local/share/memanalyzer/dacs' --nuget 8.0.22";
        var message = Long.Replace("scripts/collect-dacs.sh --dacs /opt/memanalyzer/dacs --nuget 8.0.22", command, StringComparison.Ordinal) +
            " A distribution's build: copy its folder, then run: /opt/collect-dacs.sh --dacs /opt/dacs --from <copied folder>";

        var lines = ErrorText.Lines(message);

        Assert.Contains("  To fetch it on a machine with the network, run:", lines);
        Assert.Contains("  " + command, lines);
        Assert.Contains("  (then copy the folder here).", lines);
        Assert.Equal("  /opt/collect-dacs.sh --dacs /opt/dacs --from <copied folder>", lines[^1]);
        Assert.Equal(message, CliAssert.ErrorMessage(string.Join('\n', lines) + "\n"));
    }

    [Fact]
    public void AShortMessageWithACommandIsFoldedSoThatTheCommandStandsAlone()
    {
        var lines = ErrorText.Lines("no DAC here. To fetch it, run: collect-dacs.sh --nuget 8.0.22 (from the registry)");

        Assert.Equal(["error: no DAC here. To fetch it, run:", "  collect-dacs.sh --nuget 8.0.22", "  (from the registry)"], lines);
    }
}
