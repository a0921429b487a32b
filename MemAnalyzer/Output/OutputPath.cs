namespace MemAnalyzer.Output;

/// <summary>
/// The checks every output file (-o's CSV or JSON, -resultfile, -html) gets before any target is read, with one error
/// per reason: the path is a directory, or its directory does not exist. Whether the file itself can be written is each
/// writer's own question (a CSV is appended to, a JSON document replaced through a file beside it).
/// </summary>
public static class OutputPath
{
    /// <param name="name">How the errors name the file: "CSV output", "the result file", "-html".</param>
    /// <param name="example">A file name the error suggests when <paramref name="path"/> is a directory.</param>
    /// <returns>The file's directory, as a full path.</returns>
    public static string CheckDirectory(string path, string name, string example)
    {
        if (Directory.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.OutputIsDirectory, $"{name} '{path}' is a directory: give a file name such as {Path.Combine(path, example)}");
        }
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        if (!Directory.Exists(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputDirectoryMissing, $"the directory of {name} '{path}' does not exist: create {directory} first");
        }
        return directory;
    }
}
