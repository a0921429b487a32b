using System.Collections.Immutable;
using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Opens a dump in-process with ClrMD alone, for the oracles and the white-box tests. It shares no code with MemAnalyzer
/// (the benchmark's baseline links this file too): DataTarget.LoadDump, then the DAC of the installed shared runtime
/// whose version is the dump's runtime folder (the Microsoft.NETCore.App folders beside the dotnet host), or a DAC and version the caller
/// names. ClrMD reads the version of some .NET 10 runtimes as 0.0 and then leaves out the .NET 9/10 static and
/// thread-static roots; ClrMD is given that runtime's version instead.
/// </summary>
public sealed class LocalDump : IDisposable
{
    private const string DacFileName = "libmscordaccore.so";

    private static readonly Lazy<IReadOnlyDictionary<string, string>> s_installedRuntimes = new(ListInstalledRuntimes);

    private readonly DataTarget _target;

    private LocalDump(DataTarget target, ClrRuntime runtime, string dacPath)
    {
        _target = target;
        Runtime = runtime;
        DacPath = dacPath;
    }

    public ClrRuntime Runtime { get; }

    public string DacPath { get; }

    /// <summary>A dump written by a runtime installed here (every test target that runs on the shared runtime).</summary>
    /// <param name="lockFreeReader">
    /// ClrMD's lock-free memory-mapped reader, the one MemAnalyzer uses: the benchmark's baseline reads dumps as fast as
    /// MemAnalyzer does, so that only the walk differs. The tests' oracle uses ClrMD's default reader.
    /// </param>
    public static LocalDump Open(string dumpPath, bool lockFreeReader = false)
    {
        var target = Load(dumpPath, lockFreeReader);
        try
        {
            var clr = CoreClr(target);
            var folder = Path.GetFileName(Path.GetDirectoryName(clr.ModuleInfo.FileName) ?? "");
            if (!s_installedRuntimes.Value.TryGetValue(folder, out var root))
            {
                throw new InvalidOperationException($"{dumpPath}: its runtime {clr.ModuleInfo.FileName} is not one of the shared runtimes " +
                    $"installed here ({string.Join(", ", s_installedRuntimes.Value.Keys)}); open it with its own DAC");
            }
            return Create(target, clr, Path.Combine(root, folder, DacFileName), folder);
        }
        catch
        {
            target.Dispose();
            throw;
        }
    }

    /// <summary>A dump of a runtime the test knows itself (a self-contained app): its DAC and its version, such as "8.0.33".</summary>
    public static LocalDump Open(string dumpPath, string dacPath, string runtimeVersion)
    {
        var target = Load(dumpPath, lockFreeReader: false);
        try
        {
            return Create(target, CoreClr(target), dacPath, runtimeVersion);
        }
        catch
        {
            target.Dispose();
            throw;
        }
    }

    private static DataTarget Load(string dumpPath, bool lockFreeReader) =>
        DataTarget.LoadDump(dumpPath, new DataTargetOptions { SymbolPaths = [], FileLocator = new NoFileLocator(), UseLockFreeMemoryMapReader = lockFreeReader });

    private static ClrInfo CoreClr(DataTarget target) =>
        target.ClrVersions.SingleOrDefault(c => c.Flavor == ClrFlavor.Core) ?? throw new InvalidOperationException("no .NET runtime in the dump");

    private static LocalDump Create(DataTarget target, ClrInfo clr, string dacPath, string runtimeVersion)
    {
        var version = Version.Parse(runtimeVersion.Split('-')[0]);
        // .NET Core 3.x files carry the version 4.700.*: it is not a product version to compare.
        var core3 = clr.Version is { Major: 4, Minor: 700 } && version.Major == 3;
        if (clr.Version.Major != 0 && !core3 && (clr.Version.Major, clr.Version.Minor) != (version.Major, version.Minor))
        {
            throw new InvalidOperationException($"ClrMD reads runtime version {clr.Version} from the dump, not {runtimeVersion}: {dacPath} is not its DAC");
        }
        if (clr.Version.Major == 0)
        {
            clr = new ClrInfo(target, clr.ModuleInfo, version)
            {
                Flavor = clr.Flavor,
                IsSingleFile = clr.IsSingleFile,
                BuildId = clr.BuildId,
                DebuggingLibraries = clr.DebuggingLibraries,
                ContractDescriptorAddress = clr.ContractDescriptorAddress,
                IndexTimeStamp = clr.IndexTimeStamp,
                IndexFileSize = clr.IndexFileSize,
            };
        }
        // The DAC's own file version (a.b.c.d) differs from the product version given here: the match is by runtime version.
        return new LocalDump(target, clr.CreateRuntime(dacPath, ignoreMismatch: true), dacPath);
    }

    /// <summary>
    /// The shared runtimes beside the dotnet host on PATH (the one that runs the test targets) and under DOTNET_ROOT:
    /// version folder name to the Microsoft.NETCore.App folder that holds it, as `dotnet --list-runtimes` lists them.
    /// </summary>
    private static IReadOnlyDictionary<string, string> ListInstalledRuntimes()
    {
        var hosts = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, "dotnet"))
            .Where(File.Exists)
            .Take(1)
            .Select(host => Path.GetDirectoryName(File.ResolveLinkTarget(host, returnFinalTarget: true)?.FullName ?? host)!);
        var runtimes = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var dotnetRoot in hosts.Append(Environment.GetEnvironmentVariable("DOTNET_ROOT")).OfType<string>())
        {
            var shared = Path.Combine(dotnetRoot, "shared", "Microsoft.NETCore.App");
            if (!Directory.Exists(shared))
            {
                continue;
            }
            foreach (var folder in Directory.EnumerateDirectories(shared).Where(d => File.Exists(Path.Combine(d, DacFileName))))
            {
                runtimes.TryAdd(Path.GetFileName(folder), shared);
            }
        }
        return runtimes.Count > 0 ? runtimes
            : throw new InvalidOperationException("no shared runtime with a DAC beside the dotnet host on PATH or under DOTNET_ROOT");
    }

    public void Dispose()
    {
        Runtime.Dispose();
        _target.Dispose();
    }

    /// <summary>Nothing is ever downloaded: the DAC is given explicitly.</summary>
    private sealed class NoFileLocator : IFileLocator
    {
        public string? FindPEImage(string fileName, int buildTimeStamp, int imageSize, bool checkProperties) => null;

        public string? FindPEImage(string fileName, SymbolProperties archivedUnder, ImmutableArray<byte> buildIdOrUUID, OSPlatform originalPlatform, bool checkProperties) => null;
    }
}
