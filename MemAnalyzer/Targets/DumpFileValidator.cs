using MemAnalyzer.Linux;

namespace MemAnalyzer.Targets;

/// <summary>
/// Checks a dump file before ClrMD sees it, so that every common kind of bad input gets its own clear error
/// instead of an exception from deep inside the reader.
/// </summary>
public static class DumpFileValidator
{
    public static void Validate(string path)
    {
        if (Directory.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.DumpUnreadable, $"'{path}' is a directory, not a dump file: pass the core dump file itself");
        }
        if (DanglingLinkTarget(path) is { } missing)
        {
            throw new MemAnalyzerException(ExitCodes.DumpNotFound, $"dump file '{path}' is a symbolic link to '{missing}', which does not exist: fix the link or pass the dump itself");
        }
        if (!File.Exists(path))
        {
            throw new MemAnalyzerException(ExitCodes.DumpNotFound, $"dump file '{path}' does not exist: check the path");
        }

        FileStream stream;
        try
        {
            stream = File.OpenRead(path);
        }
        catch (UnauthorizedAccessException)
        {
            throw new MemAnalyzerException(ExitCodes.DumpUnreadable, $"dump file '{path}' cannot be read (permission denied): run as its owner or make it readable");
        }
        catch (IOException e)
        {
            throw new MemAnalyzerException(ExitCodes.DumpUnreadable, $"dump file '{path}' cannot be read: {e.Message}");
        }

        using (stream)
        {
            if (stream.Length == 0)
            {
                throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"dump file '{path}' is empty: the dump was not written completely; take it again");
            }

            Span<byte> magic = stackalloc byte[4];
            var read = stream.ReadAtLeast(magic, 4, throwOnEndOfStream: false);
            if (read == 4 && magic.SequenceEqual("MDMP"u8))
            {
                throw new MemAnalyzerException(ExitCodes.UnsupportedDumpPlatform,
                    $"'{path}' is a Windows minidump: no Linux DAC exists for a Windows runtime, so its heap can only be analyzed on Windows (MemAnalyzer, WinDbg or PerfView there)");
            }
            if (!ElfImage.HasElfMagic(magic[..read]))
            {
                throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' is not a core dump (no ELF header): pass a dump written by createdump, dotnet-dump, procdump or MemAnalyzer -procdump");
            }

            var image = ElfImage.TryRead(stream, out var error)
                ?? throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' cannot be used as a core dump: {error}");
            if (!image.IsCore)
            {
                throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' is an ELF file but not a core dump (an executable or library?): pass a core dump");
            }
            if (image.Machine != 62)
            {
                throw new MemAnalyzerException(ExitCodes.UnsupportedDumpPlatform, $"'{path}' is a core dump of another architecture (ELF machine {image.Machine}); MemAnalyzer here analyzes x86-64 dumps");
            }
            if (image.ExpectedLength > image.FileLength)
            {
                // Rounded down: a dump that misses its last page is not "100.0%" there.
                var percent = Math.Floor(1000.0 * image.FileLength / image.ExpectedLength) / 10;
                throw new MemAnalyzerException(ExitCodes.DumpInvalid,
                    $"dump file '{path}' is truncated: it has {image.FileLength:N0} of {image.ExpectedLength:N0} bytes ({percent:F1}%, {image.ExpectedLength - image.FileLength:N0} bytes missing); copy or write it again completely");
            }
        }
    }

    /// <summary>Where a symbolic link points when that file does not exist; null for a file, a good link, or no file at all.</summary>
    private static string? DanglingLinkTarget(string path)
    {
        // File.Exists is true for a link whatever it points to: follow the chain to its end.
        if (new FileInfo(path).LinkTarget is not { } target)
        {
            return null;
        }
        try
        {
            return File.ResolveLinkTarget(path, returnFinalTarget: true) is { Exists: true } ? null : target;
        }
        catch (IOException)
        {
            return target;
        }
    }
}
