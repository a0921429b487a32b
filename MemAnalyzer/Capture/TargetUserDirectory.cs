using MemAnalyzer.Linux;

namespace MemAnalyzer.Capture;

/// <summary>
/// A .NET target's runtime writes its dump itself (createdump, asked over the diagnostics socket by MemAnalyzer or by
/// ProcDump), so the file is created as the target's user, not as MemAnalyzer's. A directory that user may not write is
/// refused before anything is asked of the runtime, with where to write instead.
/// </summary>
public static class TargetUserDirectory
{
    public static void ThrowIfNotWritable(TargetProcessInfo process, string directory)
    {
        if (ProcessCredentials.Of(process.Pid) is not { } who || who.Uid == ProcessAccess.EffectiveUid() || DirectoryAccess.MayCreateIn(directory, who))
        {
            return;
        }
        var user = ProcessCredentials.UserName(who.Uid);
        var tmp = DiagnosticSockets.Find(process.Pid) is { } socket ? Path.GetDirectoryName(socket) : null;
        var instead = tmp is null || tmp == "/tmp" ? "such as /tmp (any 1777 directory)" : $"such as its TMPDIR {tmp} or a 1777 directory like /tmp";
        throw new MemAnalyzerException(ExitCodes.CaptureFailed,
            $"the runtime of process {process.Pid} writes the dump itself, as the process's user {user}, who may not write to {directory}: " +
            $"give a directory {user} can write, {instead}");
    }
}
