namespace MemAnalyzer.Capture;

/// <summary>Whether MemAnalyzer may use a process's diagnostics socket.</summary>
public enum SocketAccess
{
    /// <summary>No socket: diagnostics disabled (DOTNET_EnableDiagnostics=0), or another network namespace.</summary>
    None,

    /// <summary>The socket exists but refuses this user (it is 0600 and belongs to the process's user).</summary>
    Denied,

    Available,
}

/// <summary>One row of -ps: a .NET process and the ways this user can read it.</summary>
/// <param name="App">The app's name (the dll the dotnet host runs, without .dll, else the executable's name).</param>
/// <param name="RuntimeVersion">From the libcoreclr.so it has loaded; null when its memory map may not be read.</param>
public sealed record DotNetProcess(TargetProcessInfo Process, string App, string? RuntimeVersion, long? ResidentBytes, bool Ptrace, SocketAccess Socket)
{
    public bool CanBeAnalyzed => Ptrace || Socket == SocketAccess.Available;
}
