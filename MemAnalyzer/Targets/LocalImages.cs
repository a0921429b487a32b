using MemAnalyzer.Heap;
using MemAnalyzer.Linux;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// -bindir: for each file a core dump maps but does not hold (gcore, kernel cores, createdump --withheap of .NET Core
/// 3.1), finds a local copy by name in the given folders and serves the missing ranges from it, at the file offsets
/// the dump's NT_FILE note records (flat IL images and section-mapped ReadyToRun images alike). A copy is used only
/// when it is the same build: an ELF image by GNU build-id, a PE image by COFF time stamp and SizeOfImage when the dump
/// holds its headers, else by its length against the flat mapping. Never by name alone.
/// </summary>
internal static class LocalImages
{
    private const ulong Page = 4096;

    /// <summary>The images the dump lacks, served from -bindir's verified files (none when no copy matches).</summary>
    public static (ImageOverlay Images, ImageReport Report) Serve(string path, DataTarget target, IReadOnlyList<string> directories)
    {
        using var dump = DumpFileMemory.TryOpen(path);
        return dump is null ? (ImageOverlay.Empty, ImageReport.None) : Find(path, dump, directories, target.DataReader.EnumerateModules());
    }

    public static (ImageOverlay Overlay, ImageReport Report) Find(string corePath, DumpFileMemory dump, IReadOnlyList<string> directories, IEnumerable<ModuleInfo> modules)
    {
        List<CoreFileMapping> mappings;
        using (var stream = File.OpenRead(corePath))
        {
            var image = ElfImage.TryRead(stream, out _);
            mappings = image is null ? [] : CoreFileMapping.Read(stream, image);
        }
        var buildIds = modules.Where(m => m.FileName is not null && !m.BuildId.IsDefaultOrEmpty)
            .GroupBy(m => m.FileName!, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => Convert.ToHexStringLower(g.First().BuildId.AsSpan()), StringComparer.Ordinal);
        var served = new List<(string, string, string)>();
        var refused = new List<(string, string)>();
        var missing = new List<string>();
        var ranges = new List<ServedRange>();
        foreach (var file in mappings.Where(m => m.Path.StartsWith('/') && !m.Path.EndsWith(" (deleted)", StringComparison.Ordinal)).GroupBy(m => m.Path, StringComparer.Ordinal))
        {
            var gaps = file.SelectMany(m => dump.Gaps(m.Start, m.End).Select(g => new ServedRange(g.Start, g.End - g.Start, "", m.FileOffset + (g.Start - m.Start)))).ToList();
            if (gaps.Count == 0)
            {
                continue;
            }
            var name = Path.GetFileName(file.Key);
            var candidates = directories.Select(d => Path.Combine(d, name)).Where(File.Exists).Distinct(StringComparer.Ordinal).ToList();
            string? chosen = null;
            string match = "";
            foreach (var candidate in candidates)
            {
                string matchText;
                string? reason;
                try
                {
                    (matchText, reason) = Verify(file.ToList(), candidate, dump, buildIds.GetValueOrDefault(file.Key));
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    (matchText, reason) = ("", $"it cannot be read: {e.Message}");
                }
                if (reason is null)
                {
                    (chosen, match) = (candidate, matchText);
                    break;
                }
                refused.Add((candidate, reason));
            }
            if (chosen is null)
            {
                missing.Add(file.Key);
                continue;
            }
            served.Add((name, chosen, match));
            ranges.AddRange(gaps.Select(g => g with { File = chosen }));
        }
        return (ranges.Count == 0 ? ImageOverlay.Empty : ImageOverlay.Of(ranges), new ImageReport(served, refused, missing));
    }

    /// <summary>How <paramref name="candidate"/> was matched, or why it is another build than the image the dump maps.</summary>
    private static (string Match, string? Reason) Verify(List<CoreFileMapping> mappings, string candidate, DumpFileMemory dump, string? dumpBuildId)
    {
        var head = new byte[Page];
        int length;
        using (var stream = File.OpenRead(candidate))
        {
            length = stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false);
        }
        var local = head.AsSpan(0, length);
        if (ElfImage.HasElfMagic(local))
        {
            var localBuildId = ElfImage.ReadBuildId(candidate) is byte[] id ? Convert.ToHexStringLower(id) : null;
            return dumpBuildId is null ? ("", "the dump does not hold the build-id of the image it maps")
                : localBuildId != dumpBuildId ? ("", $"build-id {localBuildId ?? "none"} in the file, {dumpBuildId} in the dump")
                : ($"build-id {dumpBuildId}", null);
        }
        if (PeHeader.TryRead(local) is not PeHeader localHeader)
        {
            return ("", "it is neither an ELF nor a PE image");
        }
        var fileLength = new FileInfo(candidate).Length;
        if (mappings.Any(m => m.FileOffset >= (ulong)fileLength))
        {
            return ("", $"the dump maps it beyond its {fileLength:N0} bytes");
        }
        var mappedHead = new byte[Page];
        var headers = mappings.Where(m => m.FileOffset == 0)
            .Select(m => dump.BytesPresent(m.Start, m.Start + Page) == (long)Page && dump.Read(m.Start, mappedHead) == mappedHead.Length ? PeHeader.TryRead(mappedHead) : null)
            .FirstOrDefault(h => h is not null);
        if (headers is PeHeader inDump)
        {
            return inDump == localHeader ? ($"time stamp {inDump.TimeStamp:x8}, size {inDump.SizeOfImage:N0}", null)
                : ("", $"time stamp {localHeader.TimeStamp:x8} and size {localHeader.SizeOfImage:N0} in the file, {inDump.TimeStamp:x8} and {inDump.SizeOfImage:N0} in the dump");
        }
        // No header in the dump: the flat mapping the runtime makes of every assembly spans the whole file, page-rounded.
        var rounded = ((ulong)fileLength + Page - 1) / Page * Page;
        return mappings.Any(m => m.FileOffset == 0 && m.Length == rounded)
            ? ($"length {fileLength:N0}; the dump holds no PE header", null)
            : ("", $"its length {fileLength:N0} does not match the dump's mapping of the image");
    }
}
