using System.Globalization;
using MemAnalyzer.Linux;

namespace MemAnalyzer.Output;

/// <summary>
/// Appends one run's block of rows to a CSV file without ever losing or corrupting what is there:
/// the block is rendered in memory first, the file is locked against concurrent MemAnalyzer runs, its header must match,
/// and the block goes in with a single write. A marker file records the length before the write, so that a run killed
/// in the middle of that write is rolled back by the next run.
/// </summary>
public static class CsvFileAppender
{
    /// <summary>The marker beside the CSV that holds its length before an append, while the append is under way.</summary>
    public const string PendingSuffix = ".pending";

    private static readonly TimeSpan s_lockTimeout = TimeSpan.FromSeconds(60);

    /// <summary>Checks, before any heap is walked, that the file can be written with these columns.</summary>
    public static void Validate<TRow>(CsvTarget target, CsvSchema<TRow> map)
    {
        var path = target.Path;
        var directory = OutputPath.CheckDirectory(path, "CSV output", "leak.csv");
        if (File.Exists(path))
        {
            // A shared open waits while another MemAnalyzer holds the file's exclusive lock for its append.
            using var existing = OpenShared(path);
            if (!target.Overwrite)
            {
                EnsureCompatibleHeader(existing, path, target.Separator, CsvBlock.HeaderLine(map, target.Separator));
            }
        }
        else if (!WritableDirectory.CanCreateIn(directory))
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot create CSV output '{path}': the directory {directory} is not writable");
        }
    }

    public static void Write<TRow>(CsvTarget target, CsvSchema<TRow> map, IReadOnlyList<TRow> rows) =>
        Write(target, CsvBlock.HeaderLine(map, target.Separator),
            fresh => CsvBlock.Render(map, rows, target.Separator, writeHeader: fresh, excelLine: fresh && target.ExcelSeparatorLine));

    /// <summary>
    /// Writes one block of rendered rows: <paramref name="render"/>(true) begins a new file (the Excel line when asked
    /// for, the header), <paramref name="render"/>(false) is the rows alone, appended under <paramref name="headerLine"/>.
    /// </summary>
    public static void Write(CsvTarget target, string headerLine, Func<bool, byte[]> render)
    {
        if ((target.Overwrite || !File.Exists(target.Path)) && TryWriteWholeFile(target, render(true)))
        {
            return;
        }
        using var file = OpenLocked(target.Path);
        var marker = target.Path + PendingSuffix;
        RollBackInterruptedWrite(file, marker);

        var fresh = file.Length == 0;
        if (!fresh)
        {
            // Read through the locked handle: a second handle would be refused by our own exclusive lock.
            EnsureCompatibleHeader(file, target.Path, target.Separator, headerLine);
        }
        var block = render(fresh);

        File.WriteAllText(marker, file.Length.ToString(CultureInfo.InvariantCulture));
        file.Seek(0, SeekOrigin.End);
        if (!fresh && EndsWithoutNewline(file))
        {
            file.WriteByte((byte)'\n');
        }
        file.Write(block);
        file.Flush(flushToDisk: true);
        File.Delete(marker);
    }

    /// <summary>
    /// A new or overwritten file is written beside the target and renamed into place, so it only ever appears complete.
    /// Returns false when another run created the file first (or the file system has no hard links); the rows are then
    /// appended under the file's lock instead.
    /// </summary>
    private static bool TryWriteWholeFile(CsvTarget target, byte[] whole)
    {
        var placed = true;
        try
        {
            StagedFile.Write(target.Path, file => file.Write(whole), staging =>
            {
                if (target.Overwrite && File.Exists(target.Path))
                {
                    // Holding the lock keeps the replacement from cutting into another run's append.
                    using var existing = OpenLocked(target.Path);
                    File.Move(staging, target.Path, overwrite: true);
                    File.Delete(target.Path + PendingSuffix);
                    return;
                }
                placed = StagedFile.PlaceIfAbsent(staging, target.Path);
            });
            return placed;
        }
        catch (UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"cannot write CSV output '{target.Path}': its directory is not writable");
        }
    }

    private static void EnsureCompatibleHeader(FileStream file, string path, char separator, string expected)
    {
        var (existingSeparator, existingHeader) = CsvBlock.ReadHead(file);
        if (existingHeader is null)
        {
            return;
        }
        if (existingSeparator is char sep && sep != separator || existingHeader != expected)
        {
            throw new MemAnalyzerException(ExitCodes.CsvHeaderMismatch,
                $"'{path}' has other columns than this run writes (another -unit or -sep, or a diff into a single-target file): " +
                $"it has \"{Visible(existingHeader)}\", this run writes \"{Visible(expected)}\"; write to a new file or add -overwrite");
        }
    }

    private static FileStream OpenShared(string path)
    {
        var deadline = DateTime.UtcNow + s_lockTimeout;
        while (true)
        {
            try
            {
                return new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite);
            }
            catch (UnauthorizedAccessException)
            {
                throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"CSV output '{path}' is not writable (read-only or another owner): fix its permissions or choose another file");
            }
            catch (IOException) when (DateTime.UtcNow < deadline && File.Exists(path))
            {
                Thread.Sleep(50);
            }
            catch (IOException e)
            {
                throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot open CSV output '{path}': {e.Message} (another MemAnalyzer kept it locked for over {s_lockTimeout.TotalSeconds:F0} s?)");
            }
        }
    }

    private static FileStream OpenLocked(string path)
    {
        // FileShare.None takes an exclusive advisory lock (flock) on Linux, so parallel MemAnalyzer runs appending
        // to one file wait for each other instead of interleaving rows.
        var deadline = DateTime.UtcNow + s_lockTimeout;
        while (true)
        {
            try
            {
                return new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
            }
            catch (UnauthorizedAccessException)
            {
                throw new MemAnalyzerException(ExitCodes.OutputNotWritable, $"CSV output '{path}' is not writable: fix its permissions or choose another file");
            }
            catch (DirectoryNotFoundException)
            {
                throw new MemAnalyzerException(ExitCodes.OutputDirectoryMissing, $"the directory of CSV output '{path}' does not exist");
            }
            catch (IOException) when (DateTime.UtcNow < deadline && !Directory.Exists(path))
            {
                Thread.Sleep(50);
            }
            catch (IOException e)
            {
                throw new MemAnalyzerException(ExitCodes.OutputFailed, $"cannot open CSV output '{path}': {e.Message} (another MemAnalyzer kept it locked for over {s_lockTimeout.TotalSeconds:F0} s?)");
            }
        }
    }

    private static void RollBackInterruptedWrite(FileStream file, string marker)
    {
        if (File.Exists(marker) && long.TryParse(File.ReadAllText(marker).Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var length) && length <= file.Length)
        {
            file.SetLength(length);
        }
        File.Delete(marker);
    }

    private static bool EndsWithoutNewline(FileStream file)
    {
        if (file.Length == 0)
        {
            return false;
        }
        file.Seek(-1, SeekOrigin.End);
        var last = file.ReadByte();
        file.Seek(0, SeekOrigin.End);
        return last != '\n';
    }

    private static string Visible(string header) => header.Replace("\t", "<TAB>", StringComparison.Ordinal);
}
