using System.Diagnostics;
using MemAnalyzer.TestTargets;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>A running test target: started, waited for until every planted object exists, killed on dispose.</summary>
public sealed class TargetProcess : IDisposable
{
    private readonly Process _process;

    private TargetProcess(Process process) => _process = process;

    public int Pid => _process.Id;

    public bool HasExited => _process.HasExited;

    public static TargetProcess Start(string projectName, params string[] arguments) =>
        StartProgram("dotnet", [TestTargetBuilder.Build(projectName), .. arguments]);

    /// <summary>Starts a test target with extra environment variables (runtime settings such as DOTNET_TieredCompilation).</summary>
    public static TargetProcess Start(string projectName, IReadOnlyDictionary<string, string> environment, params string[] arguments) =>
        StartProgram("dotnet", environment, [TestTargetBuilder.Build(projectName), .. arguments]);

    /// <summary>Starts a program directly, such as a self-contained test target's own executable.</summary>
    public static TargetProcess StartProgram(string fileName, params string[] arguments) =>
        StartProgram(fileName, new Dictionary<string, string>(), arguments);

    private static TargetProcess StartProgram(string fileName, IReadOnlyDictionary<string, string> environment, string[] arguments)
    {
        var info = new ProcessStartInfo(fileName)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        foreach (var (name, value) in environment)
        {
            info.Environment[name] = value;
        }
        var process = Process.Start(info) ?? throw new InvalidOperationException($"could not start {fileName}");
        process.ErrorDataReceived += (_, _) => { };
        process.BeginErrorReadLine();
        var target = new TargetProcess(process);
        target.WaitForLine(ExpectedCounts.ReadyLine, TimeSpan.FromSeconds(60));
        return target;
    }

    /// <summary>Sends one stdin command ("leak", "gc", "garbage") and waits for its acknowledgement.</summary>
    public string Send(string command, string acknowledgement)
    {
        _process.StandardInput.WriteLine(command);
        _process.StandardInput.Flush();
        return WaitForLine(acknowledgement, TimeSpan.FromSeconds(30));
    }

    /// <summary>Writes a heap dump through the target's own runtime (createdump), as dotnet-dump does.</summary>
    public string WriteDump(string path, DumpType type = DumpType.WithHeap)
    {
        new DiagnosticsClient(Pid).WriteDump(type, path, logDumpGeneration: false);
        return path;
    }

    /// <summary>Stops the target (SIGSTOP) until the result is disposed, for tests that compare two snapshots of it.</summary>
    public FrozenProcess Freeze() => FrozenProcess.Stop(Pid);

    /// <summary>The State and TracerPid lines of /proc/pid/status: a resumed target is not stopped and not traced.</summary>
    public (char State, int TracerPid) Status()
    {
        var lines = File.ReadAllLines($"/proc/{Pid}/status");
        var state = lines.First(l => l.StartsWith("State:", StringComparison.Ordinal))[6..].Trim()[0];
        var tracer = int.Parse(lines.First(l => l.StartsWith("TracerPid:", StringComparison.Ordinal))[10..].Trim(), System.Globalization.CultureInfo.InvariantCulture);
        return (state, tracer);
    }

    /// <summary>
    /// Waits (up to 10 s: a detached process may take a moment to be scheduled) until the target runs or sleeps (R or S)
    /// untraced, as a resumed process does; stopped (T), traced (t) or still traced never passes.
    /// </summary>
    public void AssertResumed()
    {
        var waited = Stopwatch.StartNew();
        var status = Status();
        while (status is not ('R' or 'S', 0))
        {
            Assert.True(waited.Elapsed < TimeSpan.FromSeconds(10), $"process {Pid} is not resumed: state {status.State}, tracer {status.TracerPid}");
            Thread.Sleep(20);
            status = Status();
        }
    }

    private string WaitForLine(string prefix, TimeSpan timeout)
    {
        var reading = Task.Run(() =>
        {
            string? line;
            while ((line = _process.StandardOutput.ReadLine()) is not null)
            {
                if (line.StartsWith(prefix, StringComparison.Ordinal))
                {
                    return line;
                }
            }
            return null;
        });
        if (!reading.Wait(timeout) || reading.Result is null)
        {
            throw new InvalidOperationException($"the test target did not print '{prefix}' within {timeout.TotalSeconds} s (exited: {_process.HasExited})");
        }
        return reading.Result;
    }

    public void Dispose()
    {
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                _process.WaitForExit(10_000);
            }
        }
        catch (InvalidOperationException)
        {
        }
        _process.Dispose();
    }
}
