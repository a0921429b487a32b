namespace MemAnalyzer.TestTargets.LeakyApp.Finished;

/// <summary>A user type following the dispose pattern: a bool _disposed set by Dispose, which frees nothing else.</summary>
public sealed class FinishedConnection(string name) : IDisposable
{
    private readonly string _name = name;
    private long _bytesSent;
    private bool _disposed;

    public void Send(int bytes)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _bytesSent += bytes;
    }

    public override string ToString() => $"{_name}: {_bytesSent}";

    public void Dispose() => _disposed = true;
}
