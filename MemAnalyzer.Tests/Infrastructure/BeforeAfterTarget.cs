namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// A LeakyApp mode running for a whole test collection, dumped as planted (Before) and after one stdin command (After);
/// the process stays up, in the After state, for the live-pid tests, which only read it.
/// </summary>
public abstract class BeforeAfterTarget : IDisposable
{
    private readonly TempDirectory _directory = new();

    protected BeforeAfterTarget(string mode, string command, string acknowledgement)
    {
        Process = TargetProcess.Start("LeakyApp", mode);
        BeforePath = Process.WriteDump(_directory.File("before.dmp"));
        Process.Send(command, acknowledgement);
        AfterPath = Process.WriteDump(_directory.File("after.dmp"));
    }

    public TargetProcess Process { get; }

    public string BeforePath { get; }

    public string AfterPath { get; }

    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Dispose(disposing: true);
        GC.SuppressFinalize(this);
    }

    protected virtual void Dispose(bool disposing)
    {
        if (disposing)
        {
            Process.Dispose();
            _directory.Dispose();
        }
    }
}
