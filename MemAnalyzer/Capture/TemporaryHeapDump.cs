using System.Diagnostics;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Capture;

/// <summary>
/// A heap dump that a live process's own runtime writes when asked over its diagnostics socket (createdump, as
/// <c>dotnet-dump collect</c> does), for when ptrace is not allowed. It goes into a private directory (0700) created
/// beside the process's socket, that is in its own TMPDIR, which it can write; the directory belongs to the process's
/// user, because the runtime writes the file (0600) as that user. Disposing deletes the directory with the dump and
/// its memory map.
/// </summary>
public sealed class TemporaryHeapDump : IDisposable
{
    private const UnixFileMode PrivateDirectory = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute;
    private const UnixFileMode PrivateFile = UnixFileMode.UserRead | UnixFileMode.UserWrite;

    private readonly string _directory;

    private TemporaryHeapDump(string directory, string path, long bytes, TimeSpan took)
    {
        _directory = directory;
        Path = path;
        Bytes = bytes;
        Took = took;
    }

    /// <summary>The dump; its memory map lies beside it as the side-car &lt;dump&gt;.smaps when /proc/&lt;pid&gt;/smaps could be read.</summary>
    public string Path { get; }

    public long Bytes { get; }

    /// <summary>How long the runtime took to write it (the process is suspended meanwhile).</summary>
    public TimeSpan Took { get; }

    /// <exception cref="MemAnalyzerException">With <see cref="ExitCodes.NoAccessPath"/>: no socket, no access to it, or the runtime failed.</exception>
    public static TemporaryHeapDump Write(int pid, CancellationToken cancellation)
    {
        var socket = DiagnosticSockets.Find(pid) ?? throw Fail(pid,
            "it has no diagnostics socket (its runtime runs with DOTNET_EnableDiagnostics=0, or in another network namespace)");
        var directory = CreatePrivateDirectory(System.IO.Path.GetDirectoryName(socket)!, pid);
        try
        {
            var path = System.IO.Path.Combine(directory, $"heap-{pid}.dmp");
            // The memory map first, as for -procdump: writing the dump reads every page and so raises resident memory.
            _ = DumpSideCar.CopySmaps(pid, path + DumpSideCar.SmapsSuffix);
            var clock = Stopwatch.StartNew();
            WriteThroughSocket(pid, socket, path, cancellation);
            clock.Stop();
            var file = new FileInfo(path);
            if (!file.Exists || file.Length == 0)
            {
                throw Fail(pid, $"its runtime reported a heap dump but wrote nothing to {path}");
            }
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(path, PrivateFile);
            }
            return new TemporaryHeapDump(directory, path, file.Length, clock.Elapsed);
        }
        catch
        {
            Delete(directory);
            throw;
        }
    }

    private static void WriteThroughSocket(int pid, string socket, string path, CancellationToken cancellation)
    {
        try
        {
            var connector = DiagnosticsClientConnector.FromDiagnosticPort(socket + ",connect", cancellation).GetAwaiter().GetResult();
            try
            {
                connector.Instance.WriteDumpAsync(DumpType.WithHeap, path, logDumpGeneration: false, cancellation).GetAwaiter().GetResult();
            }
            finally
            {
                connector.DisposeAsync().AsTask().GetAwaiter().GetResult();
            }
        }
        catch (ServerErrorException e)
        {
            throw Fail(pid, $"its runtime could not write a heap dump ({e.Message.ReplaceLineEndings(" ").Trim()})");
        }
        catch (Exception e) when (e is System.Net.Sockets.SocketException or UnauthorizedAccessException or IOException or TimeoutException or ServerNotAvailableException)
        {
            throw Fail(pid, $"its diagnostics socket {socket} refused MemAnalyzer ({e.Message}); the socket is 0600 and belongs to the process's user: run MemAnalyzer as that user or as root");
        }
    }

    /// <summary>A new 0700 directory in <paramref name="parent"/> (else in this process's temporary directory), owned by the process's user.</summary>
    private static string CreatePrivateDirectory(string parent, int pid)
    {
        var name = $"{DirectoryPrefix(Environment.ProcessId)}{Guid.NewGuid():N}";
        string directory;
        try
        {
            directory = OperatingSystem.IsWindows() ? Directory.CreateTempSubdirectory(name).FullName
                : Directory.CreateDirectory(System.IO.Path.Combine(parent, name), PrivateDirectory).FullName;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            directory = Directory.CreateTempSubdirectory(name[..name.LastIndexOf('-')]).FullName;
        }
        if (ProcessAccess.OwnerUid(pid) is uint owner && owner != ProcessAccess.EffectiveUid() && !ProcessAccess.TryGiveTo(directory, owner))
        {
            Delete(directory);
            throw Fail(pid, $"it runs as user {owner}, whose runtime cannot write into a directory of MemAnalyzer's user: run MemAnalyzer as that user or as root");
        }
        return directory;
    }

    /// <summary>
    /// Deletes the directories that the analysis process <paramref name="analysisPid"/> left for <paramref name="pids"/>
    /// when it was killed (a crash inside the DAC): it could not delete them itself.
    /// </summary>
    public static void DeleteLeftBy(int analysisPid, IEnumerable<int> pids)
    {
        var places = pids.Select(DiagnosticSockets.Find).OfType<string>().Select(System.IO.Path.GetDirectoryName).OfType<string>()
            .Append(System.IO.Path.GetTempPath()).Distinct();
        foreach (var place in places)
        {
            foreach (var directory in Directory.EnumerateDirectories(place, DirectoryPrefix(analysisPid) + "*"))
            {
                Delete(directory);
            }
        }
    }

    private static string DirectoryPrefix(int analysisPid) => $"memanalyzer-heapdump-{analysisPid}-";

    private static MemAnalyzerException Fail(int pid, string reason) =>
        new(ExitCodes.NoAccessPath, $"process {pid} cannot be dumped over its diagnostics socket: {reason}");

    private static void Delete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
    }

    public void Dispose() => Delete(_directory);
}
