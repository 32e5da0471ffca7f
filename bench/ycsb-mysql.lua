#!/usr/bin/env sysbench
-- YCSB workloads A, B, C and F as sysbench events against the usertable `bin/ycsb load mysql` creates: the SQL
-- the mysql binding issues, with YCSB's key names. One event is one YCSB operation (F's read-modify-write
-- counts once). Used by bench/native-limit.sh; see it for the method.
--
-- sysbench bench/ycsb-mysql.lua --db-driver=mysql --mysql-user=... --threads=64 --workload=c --records=100000
--   --time=60 run
--
-- Keys follow CoreWorkload's scrambled zipfian exactly: a rank z from a zipfian over 10^10 items with exponent
-- 0.99 (Gray et al., "Quickly Generating Billion-Record Synthetic Databases", SIGMOD 1994, with YCSB's
-- precomputed zeta for that item count), then record fnvhash64(z) mod recordcount, named "user" +
-- fnvhash64(record). sysbench 1.0 has no zipfian distribution of its own.

local ffi = require("ffi")

sysbench.cmdline.options = {
  workload = {"YCSB workload: a, b, c or f", "c"},
  records = {"records loaded (recordcount)", 100000},
  table = {"table name", "usertable"},
}

local FNV_OFFSET = 0xcbf29ce484222325ULL
local FNV_PRIME = 0x100000001b3ULL

-- YCSB's Utils.fnvhash64: FNV-1a 64 over the 8 little-endian bytes of the long, then Math.abs; as an int64
local function fnvhash64(v)
  local h = FNV_OFFSET
  local x = ffi.new("uint64_t", v)
  for _ = 1, 8 do
    h = bit.bxor(h, bit.band(x, 0xff))
    h = h * FNV_PRIME
    x = bit.rshift(x, 8)
  end
  local s = ffi.cast("int64_t", h)
  if s < 0 then
    s = -s
  end
  return s
end

local function key_name(keynum)
  return "user" .. tostring(fnvhash64(keynum)):sub(1, -3) -- tostring gives "123LL"
end

-- the zipfian over 10^10 items, exponent 0.99, that CoreWorkload's ScrambledZipfianGenerator draws from
local ITEMS = 10000000000
local THETA = 0.99
local ZETAN = 26.46902820178302 -- zeta(10^10, 0.99), as YCSB precomputes it
local ZETA2 = 1 + 0.5 ^ THETA
local ALPHA = 1 / (1 - THETA)
local ETA = (1 - (2 / ITEMS) ^ (1 - THETA)) / (1 - ZETA2 / ZETAN)

local function zipfian_rank()
  local u = math.random()
  local uz = u * ZETAN
  if uz < 1 then
    return 0
  elseif uz < 1 + 0.5 ^ THETA then
    return 1
  end
  return math.floor(ITEMS * (ETA * u - ETA + 1) ^ ALPHA)
end

local read_share, records, workload -- from the options, which sysbench parses after loading the script
local columns = "YCSB_KEY, FIELD0, FIELD1, FIELD2, FIELD3, FIELD4, FIELD5, FIELD6, FIELD7, FIELD8, FIELD9"

function thread_init()
  workload = sysbench.opt.workload
  records = tonumber(sysbench.opt.records)
  read_share = ({a = 50, b = 95, c = 100, f = 50})[workload]
  if read_share == nil then
    error("--workload must be a, b, c or f")
  end
  drv = sysbench.sql.driver()
  con = drv:connect()
  read_stmt = con:prepare("SELECT " .. columns .. " FROM " .. sysbench.opt.table .. " WHERE YCSB_KEY = ?")
  read_key = read_stmt:bind_create(sysbench.sql.type.VARCHAR, 255)
  read_stmt:bind_param(read_key)
  update_stmt, update_value, update_key = {}, {}, {}
  for f = 0, 9 do
    update_stmt[f] = con:prepare("UPDATE " .. sysbench.opt.table .. " SET FIELD" .. f .. " = ? WHERE YCSB_KEY = ?")
    update_value[f] = update_stmt[f]:bind_create(sysbench.sql.type.VARCHAR, 100)
    update_key[f] = update_stmt[f]:bind_create(sysbench.sql.type.VARCHAR, 255)
    update_stmt[f]:bind_param(update_value[f], update_key[f])
  end
end

function thread_done()
  read_stmt:close()
  for f = 0, 9 do
    update_stmt[f]:close()
  end
  con:disconnect()
end

local function read(key)
  read_key:set(key)
  local rs = read_stmt:execute()
  if rs.nrows ~= 1 then
    error("no record " .. key .. ": the key names do not match the loaded table")
  end
  rs:free()
end

local function update(key)
  local f = sysbench.rand.uniform(0, 9)
  update_value[f]:set(sysbench.rand.string(string.rep("@", 100)))
  update_key[f]:set(key)
  update_stmt[f]:execute()
end

function event()
  -- CoreWorkload's scrambled zipfian: a zipfian rank, hashed onto the records
  local rank = zipfian_rank()
  local key = key_name(tonumber(fnvhash64(rank) % records))
  if sysbench.rand.uniform(1, 100) <= read_share then
    read(key)
  elseif workload == "f" then
    read(key)
    update(key)
  else
    update(key)
  end
end
