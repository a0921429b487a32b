using System.Buffers.Binary;
using System.Text;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Tests.Unit.Targets;

/// <summary>
/// A .gcdump as a backend of the target: a file is sniffed once per run however many checks ask (the sniff is keyed by
/// the file's path, length and time of writing), and it lacks everything a view needs beyond types, sizes and references.
/// </summary>
public sealed class GcDumpTargetTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("memanalyzer-sniff-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void AFileIsSniffedOnceAndAgainOnlyWhenItChanges()
    {
        const string signature = "!FastSerialization.1";
        var head = new byte[4 + signature.Length + 8];
        BinaryPrimitives.WriteInt32LittleEndian(head, signature.Length);
        Encoding.ASCII.GetBytes(signature).CopyTo(head, 4);
        var path = Path.Combine(_folder, "heap.bin");
        File.WriteAllBytes(path, head);
        var written = File.GetLastWriteTimeUtc(path);
        var target = TargetSpec.Dump(path);

        Assert.True(GcDumpTarget.Is(target));
        // The same length and time of writing: answered from the first sniff, the file is not opened again.
        File.WriteAllBytes(path, new byte[head.Length]);
        File.SetLastWriteTimeUtc(path, written);
        Assert.True(GcDumpTarget.Is(target));
        // Another length: sniffed anew.
        File.WriteAllBytes(path, new byte[head.Length + 1]);
        Assert.False(GcDumpTarget.Is(target));
    }

    [Fact]
    public void AGcDumpLacksWhatAViewNeedsAndADumpOrAProcessLacksNothing()
    {
        var path = Path.Combine(_folder, "app.gcdump");
        File.WriteAllBytes(path, [1, 2, 3]);

        Assert.Equal(TargetNeeds.FieldValues | TargetNeeds.DeadObjects, GcDumpTarget.Lacks(TargetSpec.Dump(path), TargetNeeds.FieldValues | TargetNeeds.DeadObjects));
        Assert.Equal(TargetNeeds.None, GcDumpTarget.Lacks(TargetSpec.Dump(path), TargetNeeds.None));
        Assert.Equal(TargetNeeds.None, GcDumpTarget.Lacks(TargetSpec.Process(1), TargetNeeds.HandleTable));
        var refusal = Assert.Throws<MemAnalyzerException>(() => GcDumpTarget.Check([TargetSpec.Dump(path)], "-gen", TargetNeeds.Generations));
        Assert.Equal((ExitCodes.InvalidArguments, "-gen cannot read a .gcdump: the file holds no generations, only the live objects' types, sizes and references; take a core dump (-procdump) for -gen"),
            (refusal.ExitCode, refusal.Message));
    }
}
