using System.Diagnostics;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// Owns one opened target (a core dump, or a live process attached and suspended) and its ClrRuntime.
/// Disposing it detaches from a live process, which resumes it.
/// </summary>
public sealed class TargetSession : IDisposable
{
    private readonly DataTarget _dataTarget;
    private readonly Stopwatch? _suspended;
    private DumpFileMemory? _dumpFile;
    private ImageOverlay _images = ImageOverlay.Empty;
    private HeapSource? _heap;
    private DumpIndexIdentity? _index;
    private int _disposed;

    private TargetSession(DataTarget dataTarget, ClrRuntime runtime, RuntimeIdentity identity, DacResolution dac, string description, Stopwatch? suspended)
    {
        _dataTarget = dataTarget;
        Runtime = runtime;
        Identity = identity;
        Dac = dac;
        Description = description;
        _suspended = suspended;
    }

    public ClrRuntime Runtime { get; }
    public RuntimeIdentity Identity { get; }
    public DacResolution Dac { get; }
    public string Description { get; }

    /// <summary>How long a live target has been (or was) suspended; null for dumps.</summary>
    public TimeSpan? SuspendedFor => _suspended?.Elapsed;

    public bool IsLive => _suspended is not null;

    /// <summary>What -bindir served of the images a dump lacks; <see cref="ImageReport.None"/> without -bindir.</summary>
    public ImageReport Images { get; private set; } = ImageReport.None;

    /// <summary>
    /// The heap as every walk reads it, made on first use (inside the walk's error handling): a dump's memory is read
    /// from the core file this session opened, never reopened from ClrMD's name for it.
    /// </summary>
    public HeapSource Heap => _heap ??= HeapSource.Of(Runtime.Heap, Interlocked.Exchange(ref _dumpFile, null), _index);

    /// <param name="indexable">A dump the user named, whose live graph may be kept in the index; not a temporary heap dump.</param>
    public static TargetSession OpenDump(string path, DacSearchOptions dacOptions, bool indexable = true)
    {
        DumpFileValidator.Validate(path);
        DataTarget target;
        try
        {
            target = DataTarget.LoadDump(path, NoNetworkOptions());
        }
        catch (Exception e) when (IsUnreadableCore(e))
        {
            throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' cannot be read as a core dump: {e.Message}");
        }
        var (images, report) = (ImageOverlay.Empty, ImageReport.None);
        IReadOnlyList<string> collected;
        try
        {
            // The first read of the core's module list (its notes, auxiliary vector included) happens here.
            collected = CollectedRuntimeFolders.Find(target, dacOptions.CollectionDirectories);
        }
        catch (Exception e) when (IsUnreadableCore(e))
        {
            target.Dispose();
            throw new MemAnalyzerException(ExitCodes.DumpInvalid, $"'{path}' cannot be read as a core dump: {e.Message}");
        }
        if (dacOptions.BinaryDirectories.Count > 0 || collected.Count > 0)
        {
            (images, report) = LocalImages.Serve(path, target, [.. dacOptions.BinaryDirectories, .. collected]);
            report = report with { CollectionFolders = collected, BinaryDirectoriesGiven = dacOptions.BinaryDirectories.Count > 0 };
        }
        target = OverlaidDataReader.Over(path, target, images, NoNetworkOptions());
        TargetSession session;
        try
        {
            session = Open(target, $"dump {Path.GetFileName(path)}", dacOptions with { SideCarRuntimeVersion = Capture.DumpSideCar.TryRead(path)?.RuntimeVersion }, stopwatch: null, () => throw new MemAnalyzerException(ExitCodes.NotDotNet,
            $"dump '{path}' contains no .NET runtime (libcoreclr.so is not among its modules): it is the dump of a native process, or was written without module information"));
        }
        catch
        {
            images.Dispose();
            throw;
        }
        try
        {
            // The one handle on the core file for reading its memory: the heap check and then every walk use it.
            session._dumpFile = DumpFileMemory.TryOpen(path);
            (session._images, session.Images) = (images, report);
            if (indexable)
            {
                session._index = new DumpIndexIdentity(Path.GetFullPath(path), $"dac {session.Dac.Path}; bindir {string.Join(';', dacOptions.BinaryDirectories.Select(Path.GetFullPath))}");
            }
            session._dumpFile?.Serve(images);
            DumpHeapPresence.Ensure(session._dumpFile, session.Runtime);
        }
        catch
        {
            session.Dispose();
            throw;
        }
        return session;
    }

    public static TargetSession AttachProcess(int pid, DacSearchOptions dacOptions)
    {
        LiveProcessChecks.EnsureAttachable(pid);
        DataTarget target;
        var stopwatch = Stopwatch.StartNew();
        try
        {
            target = DataTarget.AttachToProcess(pid, suspend: true, NoNetworkOptions());
        }
        catch (Exception e) when (e is ClrDiagnosticsException or UnauthorizedAccessException or IOException or ArgumentException or InvalidOperationException)
        {
            throw LiveProcessChecks.DescribeAttachFailure(pid, e);
        }
        return Open(target, $"process {pid}", dacOptions, stopwatch, () => throw new MemAnalyzerException(ExitCodes.NotDotNet,
            $"process {pid} has no .NET runtime loaded (no libcoreclr.so): it is not a .NET process"));
    }

    private static TargetSession Open(DataTarget target, string description, DacSearchOptions dacOptions, Stopwatch? stopwatch, Func<Exception> noRuntime)
    {
        try
        {
            var clr = target.ClrVersions.FirstOrDefault(c => c.Flavor == ClrFlavor.Core) ?? target.ClrVersions.FirstOrDefault();
            if (clr is null)
            {
                throw noRuntime();
            }
            var identity = Identify(clr, dacOptions.SideCarRuntimeVersion);
            var dac = DacLocator.Resolve(identity, dacOptions);
            clr = WithVersion(clr, dac);
            ClrRuntime runtime;
            try
            {
                runtime = clr.CreateRuntime(dac.Path, ignoreMismatch: true);
            }
            catch (Exception e) when (dac.BuildIdVerified && e is ClrDiagnosticsException or InvalidOperationException or IOException)
            {
                // The DAC is the runtime's own build (its build id matched): what it cannot open is damaged, not a missing DAC.
                throw new MemAnalyzerException(ExitCodes.HeapUnreadable,
                    $"the DAC {dac.Path}, built for the runtime of {description}, could not open that runtime: {e.Message}. The dump is damaged or incomplete: take it again");
            }
            catch (Exception e) when (e is ClrDiagnosticsException or InvalidOperationException or DllNotFoundException or BadImageFormatException or IOException)
            {
                throw new MemAnalyzerException(ExitCodes.DacNotFound,
                    $"the DAC {dac.Path} could not open the runtime of {description}: {e.Message}. If the dump comes from another runtime build, put its own DAC into dacs/ (see dacs/README.md)");
            }
            if (!dac.BuildIdVerified)
            {
                EnsureForcedDacReadsTheHeap(runtime, dac, identity);
            }
            return new TargetSession(target, runtime, identity, dac, description, stopwatch);
        }
        catch
        {
            target.Dispose();
            throw;
        }
    }

    /// <summary>A DAC of another runtime build, forced by -ignoredacmismatch, usually fails on the heap: say so, not "internal error".</summary>
    private static void EnsureForcedDacReadsTheHeap(ClrRuntime runtime, DacResolution dac, RuntimeIdentity identity)
    {
        try
        {
            _ = runtime.Heap.CanWalkHeap;
        }
        catch (Exception e) when (e is InvalidDataException or ClrDiagnosticsException or InvalidOperationException)
        {
            runtime.Dispose();
            throw new MemAnalyzerException(ExitCodes.ForcedDacUnusable,
                $"the DAC {dac.Path}, forced by -ignoredacmismatch, cannot read the heap of runtime {identity.Version} (libcoreclr build-id {identity.BuildId}): {e.Message} " +
                "Run without -ignoredacmismatch to see which DAC is needed and the command that fetches it");
        }
    }

    /// <summary>
    /// ClrMD reads the version of a .NET 10 runtime as 0.0, and then skips the .NET 9/10 static and thread-static
    /// roots (they live outside the handle table). The verified DAC carries the same version as its runtime.
    /// </summary>
    private static ClrInfo WithVersion(ClrInfo clr, DacResolution dac)
    {
        if (clr.Version.Major != 0 || NativeFileVersion.Read(dac.Path) is not Version version)
        {
            return clr;
        }
        return new ClrInfo(clr.DataTarget, clr.ModuleInfo, version)
        {
            Flavor = clr.Flavor,
            IsSingleFile = clr.IsSingleFile,
            BuildId = clr.BuildId,
            DebuggingLibraries = clr.DebuggingLibraries,
            ContractDescriptorAddress = clr.ContractDescriptorAddress,
            IndexFileSize = clr.IndexFileSize,
            IndexTimeStamp = clr.IndexTimeStamp,
        };
    }

    private static RuntimeIdentity Identify(ClrInfo clr, string? sideCarVersion)
    {
        var fileName = clr.ModuleInfo.FileName ?? "";
        var directory = Path.GetDirectoryName(fileName) ?? "";
        var version = Path.GetFileName(directory);
        if (string.IsNullOrEmpty(version) || !char.IsDigit(version[0]))
        {
            var fileVersion = clr.Version.Major != 0 ? clr.Version
                : DacRuntimeVersion.FromRuntimeModules(clr.DataTarget.DataReader, directory) ?? clr.Version;
            version = DacCollector.ProductVersion(fileVersion) ?? sideCarVersion ?? fileVersion.ToString();
        }
        var buildId = clr.BuildId.IsDefaultOrEmpty ? clr.ModuleInfo.BuildId : clr.BuildId;
        var architecture = clr.DataTarget.DataReader.Architecture.ToString().ToLowerInvariant();
        return new RuntimeIdentity(version, architecture, directory, buildId.IsDefaultOrEmpty ? "unknown" : Convert.ToHexStringLower(buildId.AsSpan()));
    }

    /// <summary>What ClrMD throws for a core file whose headers or notes it cannot read (damaged, or not a core).</summary>
    private static bool IsUnreadableCore(Exception e) =>
        e is InvalidDataException or IOException or ClrDiagnosticsException or NotSupportedException or ArgumentException or BadImageFormatException;

    // Never let ClrMD try a symbol server: the tool works offline and must never touch the network.
    private static DataTargetOptions NoNetworkOptions() => new()
    {
        SymbolPaths = [],
        FileLocator = new NoDownloadFileLocator(),
        UseLockFreeMemoryMapReader = true,
    };

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }
        _suspended?.Stop();
        _heap?.Dispose();
        _dumpFile?.Dispose();
        Runtime.Dispose();
        _dataTarget.Dispose();
        _images.Dispose();
    }
}
