using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.Reliability;

/// <summary>
/// A core dump whose auxiliary vector note (NT_AUXV) is gone, as a flipped bit of the seeded corruptions made it: ClrMD
/// opens the file but fails on its first read of the module list. That is a core that cannot be read (exit 4), not an
/// internal error (exit 70, as before 2026-11-28).
/// </summary>
[Collection(RootsCollection.Name)]
public sealed class DamagedCoreNotesTests(RootsScenario scenario) : IDisposable
{
    private const uint NoteType = 4;
    private const uint AuxiliaryVector = 6;
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void ACoreWithoutItsAuxiliaryVectorIsRefusedAsAnUnreadableCoreNotAnInternalError()
    {
        var damaged = _directory.File("no-auxv.dmp");
        File.Copy(scenario.DumpPath, damaged);
        RenameAuxiliaryVectorNote(damaged);

        var result = MemAnalyzerCli.Run("-f", damaged, "-dts", "5");

        Assert.True(result.ExitCode == ExitCodes.DumpInvalid, result.ToString());
        Assert.Equal($"error: '{damaged}' cannot be read as a core dump: No auxv entries in coredump", result.StandardError.Trim());
    }

    /// <summary>Gives the NT_AUXV note of the core's PT_NOTE segment a type no reader knows, read with the ELF64 layout alone.</summary>
    private static void RenameAuxiliaryVectorNote(string path)
    {
        using var file = new FileStream(path, FileMode.Open, FileAccess.ReadWrite);
        using var reader = new BinaryReader(file);
        file.Position = 0x20;
        var headers = reader.ReadInt64();
        file.Position = 0x36;
        var (size, count) = (reader.ReadUInt16(), reader.ReadUInt16());
        for (var i = 0; i < count; i++)
        {
            file.Position = headers + (i * size);
            if (reader.ReadUInt32() != NoteType)
            {
                continue;
            }
            // p_offset at +8, p_filesz at +32.
            file.Position = headers + (i * size) + 8;
            var offset = reader.ReadInt64();
            file.Position = headers + (i * size) + 32;
            var length = reader.ReadInt64();
            for (var at = offset; at + 12 <= offset + length;)
            {
                file.Position = at;
                var (nameSize, descriptorSize, type) = (reader.ReadUInt32(), reader.ReadUInt32(), reader.ReadUInt32());
                if (type == AuxiliaryVector)
                {
                    file.Position = at + 8;
                    file.Write(BitConverter.GetBytes(0x7777u));
                    return;
                }
                at += 12 + ((nameSize + 3) & ~3u) + ((descriptorSize + 3) & ~3u);
            }
        }
        throw new InvalidOperationException($"{path} has no NT_AUXV note");
    }
}
