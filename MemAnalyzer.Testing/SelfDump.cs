using System.Runtime.InteropServices;
using Microsoft.Diagnostics.NETCore.Client;

namespace MemAnalyzer.Testing;

/// <summary>
/// A heap dump of this process, written by its own runtime over its diagnostics socket (createdump, as
/// <c>dotnet-dump collect</c> does): no ptrace, so it works in containers. createdump inherits the process's standard
/// output and error and prints its <c>[createdump]</c> lines there; they are sent to /dev/null meanwhile, so they do not
/// end up in the test's output.
/// </summary>
internal static partial class SelfDump
{
    /// <summary>Writes the dump; returns null, or why it could not be written.</summary>
    public static string? TryWrite(string path)
    {
        try
        {
            using (Silenced())
            {
                new DiagnosticsClient(Environment.ProcessId).WriteDump(DumpType.WithHeap, path, logDumpGeneration: false);
            }
            return File.Exists(path) && new FileInfo(path).Length > 0 ? null : $"the runtime reported a dump but wrote nothing to {path}";
        }
        catch (Exception e) when (e is ServerErrorException or ServerNotAvailableException or IOException or UnauthorizedAccessException
            or TimeoutException or System.Net.Sockets.SocketException or PlatformNotSupportedException)
        {
            return $"the test process could not write a dump of itself ({e.Message.ReplaceLineEndings(" ").Trim()}); " +
                "its diagnostics socket must be enabled (DOTNET_EnableDiagnostics not 0) and the folder writable";
        }
    }

    private static Redirection Silenced()
    {
        Console.Out.Flush();
        Console.Error.Flush();
        return Redirection.ToNull(1, 2);
    }

    /// <summary>File descriptors pointed at /dev/null until disposed, then restored.</summary>
    private sealed partial class Redirection : IDisposable
    {
        private readonly (int Fd, int Saved)[] _saved;

        private Redirection((int, int)[] saved) => _saved = saved;

        public static Redirection ToNull(params int[] fds)
        {
            var devNull = Open("/dev/null", 1 /* O_WRONLY */);
            if (devNull < 0)
            {
                return new Redirection([]);
            }
            var saved = new List<(int, int)>();
            foreach (var fd in fds)
            {
                var copy = Dup(fd);
                if (copy >= 0 && Dup2(devNull, fd) >= 0)
                {
                    saved.Add((fd, copy));
                }
            }
            Close(devNull);
            return new Redirection([.. saved]);
        }

        public void Dispose()
        {
            foreach (var (fd, copy) in _saved)
            {
                Dup2(copy, fd);
                Close(copy);
            }
        }

        [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8)]
        private static partial int Open(string path, int flags);

        [LibraryImport("libc", EntryPoint = "dup")]
        private static partial int Dup(int fd);

        [LibraryImport("libc", EntryPoint = "dup2")]
        private static partial int Dup2(int fd, int to);

        [LibraryImport("libc", EntryPoint = "close")]
        private static partial int Close(int fd);
    }
}
