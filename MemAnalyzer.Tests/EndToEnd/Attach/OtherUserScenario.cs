using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Attach;

/// <summary>
/// Two "roots" targets owned by another user, each with its own private TMPDIR (where its diagnostics socket lies,
/// 0600): one as usual, one with its diagnostics disabled (DOTNET_EnableDiagnostics=0). And a heap dump of the first,
/// written while the whole collection runs against the same planted objects.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class OtherUserScenario : IDisposable
{
    public OtherUserScenario()
    {
        TmpDir = OtherUser.CreatePrivateDirectory();
        DisabledTmpDir = OtherUser.CreatePrivateDirectory();
        Target = OtherUser.Start("LeakyApp", TmpDir, [], "roots");
        DiagnosticsDisabled = OtherUser.Start("LeakyApp", DisabledTmpDir, ["DOTNET_EnableDiagnostics=0"], "roots");
    }

    public string TmpDir { get; }

    public string DisabledTmpDir { get; }

    public TargetProcess Target { get; }

    public TargetProcess DiagnosticsDisabled { get; }

    /// <summary>The temporary directories MemAnalyzer left in the target's TMPDIR (none, once a run has ended).</summary>
    public IReadOnlyList<string> LeftOvers() => [.. Directory.EnumerateDirectories(TmpDir, "memanalyzer-*")];

    public void Dispose()
    {
        Target.Dispose();
        DiagnosticsDisabled.Dispose();
        Directory.Delete(TmpDir, recursive: true);
        Directory.Delete(DisabledTmpDir, recursive: true);
    }
}

[CollectionDefinition(Name)]
public sealed class OtherUserCollection : ICollectionFixture<OtherUserScenario>
{
    public const string Name = "another user's processes";
}
