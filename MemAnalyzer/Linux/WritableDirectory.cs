namespace MemAnalyzer.Linux;

/// <summary>
/// Whether files can be created in a directory, asked the only reliable way: by creating (and deleting) a probe file.
/// Permission bits do not tell (root, ACLs, read-only mounts).
/// </summary>
public static class WritableDirectory
{
    public static bool CanCreateIn(string directory)
    {
        var probe = Path.Combine(directory, $".memanalyzer-probe-{Environment.ProcessId}");
        try
        {
            using (File.Create(probe))
            {
            }
            File.Delete(probe);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}
