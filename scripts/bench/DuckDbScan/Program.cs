// What DuckDB costs when it reads -sql's objects rows through a table function instead of storing them (issue 44):
//
//   dotnet run -c Release --project scripts/bench/DuckDbScan -- [rows, default 10000000]
//
// Registers a table function, made_objects(), that makes up N rows of _objects' eight columns (address, type id, size,
// generation, live, retained, dominator, parent: the schema of MemAnalyzer/Sql/SqlSchema.cs, written here again so that
// nothing is shared) as DuckDB asks for them, 2,048 rows per call through the C API, filling only the columns the query
// projects. Then times, on one in-memory connection with a 512 MB memory limit, the queries a first -sql and -export run:
// over the function directly, and after storing its rows in a table (what MemAnalyzer does today: the appends that
// scripts/bench/DuckDbAppend measures). Prints the seconds of each statement.
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using DuckDB.NET.Data;
using DuckDB.NET.Native;

var rows = args.Length > 0 ? long.Parse(args[0]) : 10_000_000;
var folder = Directory.CreateTempSubdirectory("duckdb-scan-");
try
{
    using var connection = new DuckDBConnection("DataSource=:memory:");
    connection.Open();
    Run(connection, $"SET memory_limit = '512MB'; SET temp_directory = '{folder.FullName}/spill';");
    MadeObjects.Rows = rows;
    MadeObjects.Register(connection);
    string[] statements =
    [
        "SELECT count(*) FROM made_objects()",
        "SELECT type_id, count(*), sum(size) FROM made_objects() GROUP BY type_id",
        "SELECT type_id, count(*), sum(size), count(*) FILTER (WHERE live), sum(retained) FROM made_objects() GROUP BY type_id",
        $"COPY (SELECT * FROM made_objects()) TO '{folder.FullName}/function.parquet' (FORMAT parquet)",
        "CREATE TABLE stored AS SELECT * FROM made_objects()",
        "SELECT type_id, count(*), sum(size) FROM stored GROUP BY type_id",
        $"COPY stored TO '{folder.FullName}/stored.parquet' (FORMAT parquet)",
    ];
    foreach (var statement in statements)
    {
        var clock = Stopwatch.StartNew();
        Run(connection, statement);
        Console.WriteLine($"{clock.Elapsed.TotalSeconds:F2} s  {statement.Replace(folder.FullName, "…")}");
    }
}
finally
{
    folder.Delete(recursive: true);
}

static void Run(DuckDBConnection connection, string sql)
{
    using var command = connection.CreateCommand();
    command.CommandText = sql;
    using var reader = command.ExecuteReader();
    while (reader.Read())
    {
    }
}

/// <summary>The table function made_objects(): made-up rows, as many as <see cref="Rows"/>, in address order.</summary>
internal static unsafe class MadeObjects
{
    public static long Rows;

    private static readonly (string Name, DuckDBType Type)[] Columns =
    [
        ("address", DuckDBType.UnsignedBigInt), ("type_id", DuckDBType.Integer), ("size", DuckDBType.BigInt),
        ("generation", DuckDBType.UnsignedTinyInt), ("live", DuckDBType.Boolean), ("retained", DuckDBType.BigInt),
        ("dominator", DuckDBType.UnsignedBigInt), ("parent", DuckDBType.UnsignedBigInt),
    ];

    /// <summary>One scan's position and the columns its query projects (by the function's column numbers).</summary>
    private sealed class Scan
    {
        public long Done;
        public ulong Address = 0x7f0000000000UL;
        public readonly Random Random = new(1);
        public int[] Projected = [];
    }

    public static void Register(DuckDBConnection connection)
    {
        var function = NativeMethods.TableFunction.DuckDBCreateTableFunction();
        NativeMethods.TableFunction.DuckDBTableFunctionSetName(function, "made_objects");
        NativeMethods.TableFunction.DuckDBTableFunctionSetBind(function, &Bind);
        NativeMethods.TableFunction.DuckDBTableFunctionSetInit(function, &Init);
        NativeMethods.TableFunction.DuckDBTableFunctionSetFunction(function, &Fill);
        NativeMethods.TableFunction.DuckDBTableFunctionSupportsProjectionPushdown(function, true);
        var state = NativeMethods.TableFunction.DuckDBRegisterTableFunction(connection.NativeConnection, function);
        NativeMethods.TableFunction.DuckDBDestroyTableFunction(ref function);
        if (state != DuckDBState.Success)
        {
            throw new InvalidOperationException("made_objects() could not be registered");
        }
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Bind(IntPtr info)
    {
        foreach (var (name, type) in Columns)
        {
            using var logical = NativeMethods.LogicalType.DuckDBCreateLogicalType(type);
            NativeMethods.TableFunction.DuckDBBindAddResultColumn(info, name, logical);
        }
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Init(IntPtr info)
    {
        var scan = new Scan { Projected = new int[NativeMethods.TableFunction.DuckDBInitGetColumnCount(info)] };
        for (var i = 0; i < scan.Projected.Length; i++)
        {
            scan.Projected[i] = (int)NativeMethods.TableFunction.DuckDBInitGetColumnIndex(info, (ulong)i);
        }
        NativeMethods.TableFunction.DuckDBInitSetInitData(info, GCHandle.ToIntPtr(GCHandle.Alloc(scan)), &Free);
    }

    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Free(IntPtr handle) => GCHandle.FromIntPtr(handle).Free();

    /// <summary>Fills the next 2,048 rows (none at the end) of the projected columns only.</summary>
    [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
    private static void Fill(IntPtr info, IntPtr chunk)
    {
        var scan = (Scan)GCHandle.FromIntPtr(NativeMethods.TableFunction.DuckDBFunctionGetInitData(info)).Target!;
        var count = (int)Math.Min(2048, Rows - scan.Done);
        var data = stackalloc byte*[Columns.Length];
        for (var c = 0; c < scan.Projected.Length; c++)
        {
            data[scan.Projected[c]] = (byte*)NativeMethods.Vectors.DuckDBVectorGetData(Chunk.Vector(chunk, (ulong)c));
        }
        var address = scan.Address;
        for (var i = 0; i < count; i++)
        {
            // Addresses ascending in steps of 24 to 80 bytes, a hundred types: what a heap gives (as DuckDbAppend makes them).
            var size = 24 + (i & 7) * 8;
            address += (ulong)size;
            if (data[0] != null) ((ulong*)data[0])[i] = address;
            if (data[1] != null) ((int*)data[1])[i] = scan.Random.Next(100);
            if (data[2] != null) ((long*)data[2])[i] = size;
            if (data[3] != null) data[3][i] = 2;
            if (data[4] != null) ((bool*)data[4])[i] = true;
            if (data[5] != null) ((long*)data[5])[i] = scan.Random.Next(1000);
            if (data[6] != null) ((ulong*)data[6])[i] = address - 4000;
            if (data[7] != null) ((ulong*)data[7])[i] = address - 24;
        }
        scan.Address = address;
        scan.Done += count;
        Chunk.SetSize(chunk, (ulong)count);
    }
}

/// <summary>The two calls on the chunk DuckDB hands a table function (DuckDB.NET's wrappers take an owned chunk).</summary>
internal static partial class Chunk
{
    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_get_vector")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial IntPtr Vector(IntPtr chunk, ulong index);

    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_set_size")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial void SetSize(IntPtr chunk, ulong size);
}
