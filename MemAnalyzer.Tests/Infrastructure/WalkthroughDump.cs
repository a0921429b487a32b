using System.Globalization;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>A heap dump of LeakyApp's walkthrough with <see cref="Instances"/> DataInstances (each holding one more object), removed when disposed.</summary>
public abstract class WalkthroughDump : IDisposable
{
    private readonly TempDirectory _directory = new();

    protected WalkthroughDump(int instances, string fileName)
    {
        Instances = instances;
        using var target = TargetProcess.Start("LeakyApp", "walkthrough", "--count", instances.ToString(CultureInfo.InvariantCulture));
        DumpPath = target.WriteDump(_directory.File(fileName));
    }

    public int Instances { get; }

    public string DumpPath { get; }

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    protected virtual void Dispose(bool disposing)
    {
        if (disposing)
        {
            _directory.Dispose();
        }
    }
}
